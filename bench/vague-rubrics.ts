import {
  confidentlyWrong,
  VAGUE_QUESTIONS,
} from '../apps/server/src/marking/test-support/vague-rubrics';

/**
 * `npm run bench:vague`: rubrics that name nothing an answer could be checked against
 * (`test-support/vague-rubrics.ts`), tuning and held-out halves apart. A mark is confidently wrong
 * when a good answer gets below the high band, or an off-topic answer above the low band, and the
 * teacher is not asked to look (the engine's confidence is over the Needs review line). The figure
 * is the share of answers marked confidently wrong; 0 is the target.
 */

function main(): void {
  const verbose = process.argv.includes('--verbose');
  console.log('Vague rubrics (test-support/vague-rubrics.ts): marks confidently wrong');
  for (const part of ['tuning', 'held-out'] as const) {
    let n = 0;
    let wrong = 0;
    const byKind = new Map<string, { n: number; wrong: number; review: number }>();
    for (const q of VAGUE_QUESTIONS.filter((x) => x.part === part)) {
      for (const a of q.answers) {
        const r = confidentlyWrong(q, a);
        n++;
        if (r.wrong) wrong++;
        const k = byKind.get(a.kind) ?? { n: 0, wrong: 0, review: 0 };
        k.n++;
        if (r.wrong) k.wrong++;
        if (r.needsReview) k.review++;
        byKind.set(a.kind, k);
        if (verbose)
          console.log(
            `  ${q.id} ${a.kind}: ${r.score}/${q.marks}, confidence ${r.confidence.toFixed(2)}, ${r.needsReview ? 'needs review' : 'released'}${r.wrong ? '  CONFIDENTLY WRONG' : ''}`,
          );
      }
    }
    const kinds = [...byKind]
      .map(([k, v]) => `${k} ${v.wrong}/${v.n} wrong, ${v.review}/${v.n} to review`)
      .join('; ');
    console.log(
      `  ${part.padEnd(8)}: ${((100 * wrong) / Math.max(1, n)).toFixed(1)} % confidently wrong (${wrong}/${n}); ${kinds}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
