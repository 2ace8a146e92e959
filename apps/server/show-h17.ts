import { readFileSync } from 'node:fs';
import { markOffline } from './src/marking/offline/offline-marker';
const q = process.argv[2];
const rs = readFileSync('/work/shared/data/marking/saf-en-train.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((r) => r.questionId === q);
const byScore = new Map<number, any[]>();
for (const r of rs) {
  if (r.answer.length > 260) continue;
  const m = markOffline(r);
  byScore.set(m.score, [...(byScore.get(m.score) ?? []), { r, m }]);
}
console.log(rs[0].question, '\nREF:', rs[0].referenceAnswer);
for (const [s, list] of [...byScore].sort((a, b) => a[0] - b[0])) {
  console.log('== score', s, list.length);
  for (const { r, m } of list.slice(0, 3)) console.log(' *', r.id, 'tutor', r.humanScore, JSON.stringify(r.answer), '\n    ->', m.aiComment, '|', m.suggestion);
}
