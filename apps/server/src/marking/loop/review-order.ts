import type { TEvidence } from '../offline/evidence';
import type { TSparse } from '../learned/features';
import { nearMatchClusters } from './near-matches';

/**
 * Which answers of one question the teacher should mark first (issue 27): the order of the review
 * screen, the "test on a few first" proposals and the simulated teacher's loop (`teacher-loop.ts`).
 *
 * Answers are grouped first (`groupAnswers` without the marker's marks): the same text after
 * normalising case, spacing, punctuation and number formats, then the answers the marker read
 * alike: the same mark and the same key points of the rubric credited and contradicted
 * (`readingOf`). The clusters of near matches the answer-groups screen adds (`near-matches.ts`)
 * are left out here: measured with them, the loop's held-out QWK at 20 % reviewed was no better on
 * ASAP and worse on SAF (`npm run bench:teacher-loop`, marking README). The order then takes, in
 * turn, the first answer of the next biggest group (two answers or more) and the next answer whose
 * mark the order is least sure of (`markSureness`), so a few marks reach both what most of the class
 * wrote and what the marker is least sure of. An answer whose exact copy was already taken is
 * skipped: the teacher's mark of one copy marks all.
 */

/** A key point's credit (coverage, in the answer and in its best window) from which it counts. */
export const POINT_CREDITED = 0.5;

export type TReviewCandidate = {
  id: string;
  answer: string;
  /**
   * How sure the order is of the marker's mark, 0..1, the least sure first: `markSureness`, how far
   * the unrounded mark lies from the middle of the scale.
   */
  sureness: number;
  /** How the marker read the answer (`readingOf`); answers read alike are near matches. */
  reading?: string | undefined;
};

export type TAnswerGroup = {
  /**
   * What made the group, stable for the same answers: `c` and the anchor text of a cluster of near
   * matches, `r` and the reading of answers read alike, `t` and the text of exact copies alone.
   */
  key: string;
  /** The answers' ids, the group's first (its representative) first. */
  ids: string[];
  /** How many distinct texts (after normalising) the group holds. */
  texts: number;
};

/**
 * How sure the review order is of a mark: 0 for an unrounded mark half-way up the scale, 1 for 0 or
 * full marks. A lexical marker that finds every key point, or none, is rarely wrong; the marks it
 * puts in the middle are where it and the teacher part most (on the public tuning data the middle
 * predicts a mark other than the human's with an AUC of 0.62 on ASAP and 0.82 on SAF, against 0.60
 * and 0.74 for the marker's confidence; marking README). The confidence (`confidence.ts`) still
 * names the doubts the teacher reads and fills Needs review; it no longer orders the loop.
 */
export function markSureness(rawScore: number, marks: number): number {
  if (!(marks > 0) || !Number.isFinite(rawScore)) return 0;
  const share = Math.min(1, Math.max(0, rawScore / marks));
  return Math.abs(share - 0.5) * 2;
}

/** The text an exact match compares: lower case, no punctuation, one space, plain numbers. */
export function normalisedAnswer(answer: string): string {
  return answer
    .toLowerCase()
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/\d+\.\d+|\d+/g, (n) => String(Number(n)))
    .replace(/[^\p{L}\p{N}.\s]+/gu, ' ')
    .replace(/\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The marker's reading of an answer as a short key: its mark, then per key point of the rubric
 * whether it is credited (1), contradicted (x) or absent (0). Blank answers read as "blank".
 */
export function readingOf(score: number, evidence: TEvidence): string {
  if (evidence.isBlank) return 'blank';
  const points = evidence.points
    .map((p) => {
      if (p.contradicted || p.reversed || p.swappedWith !== null) return 'x';
      return 0.5 * p.coverage + 0.5 * p.local >= POINT_CREDITED ? '1' : '0';
    })
    .join('');
  return `${score}:${points}`;
}

/** For measuring other groupings (`npm run bench:groups`); the product passes none. */
export type TGroupOptions = {
  /** false: no clusters of near matches (the groups before they were added). */
  nearMatches?: boolean;
  /** Another cut-off for the clusters (NEAR_MATCH_CUT by default). */
  cut?: number;
};

/**
 * Groups a question's answers (issue 27, "Answer groups"), every answer in one group:
 * 1. exact matches after normalising (`normalisedAnswer`): copies share a group whatever else;
 * 2. near matches, where the marker's marks are given: clusters of answers alike in the marker's
 *    hashed word and character features, with the same mark (`near-matches.ts`, complete linkage,
 *    cut at a cosine distance of NEAR_MATCH_CUT);
 * 3. the answers left, where readings are given: those the marker read alike (`readingOf`).
 * Groups come largest first (equal sizes in the order of their first answer); a group's answers
 * are in the given order, its first the representative. Which answers share a group depends only
 * on the answers, not on their order. The answer-groups screen gives the marker's marks
 * (`answer-groups.ts`); the review order gives none, so its groups have no step 2 (above).
 */
export function groupAnswers(
  answers: readonly {
    id: string;
    answer: string;
    reading?: string | undefined;
    score?: number | undefined;
    /** The answer's `nearMatchFeatures` of its normalised text, when already worked out. */
    features?: TSparse | undefined;
  }[],
  options: TGroupOptions = {},
): TAnswerGroup[] {
  // Exact copies: one unit per normalised text. Copies the marker read differently (their case or
  // punctuation differs) take the reading most of them got (the lowest mark, then the first reading
  // in text order, among equals), so the unit does not depend on which copy came first.
  const units: {
    text: string;
    reading?: string;
    score?: number;
    features?: TSparse;
    ids: string[];
    reads: Map<string, { score?: number; reading?: string; n: number }>;
  }[] = [];
  const unitOf = new Map<string, number>();
  const position = new Map<string, number>();
  answers.forEach((a, i) => {
    position.set(a.id, i);
    const text = normalisedAnswer(a.answer);
    let u = units[unitOf.get(text) ?? -1];
    if (!u) {
      unitOf.set(text, units.length);
      u = { text, ids: [], reads: new Map() };
      if (a.features !== undefined) u.features = a.features;
      units.push(u);
    }
    u.ids.push(a.id);
    const readKey = `${a.score ?? ''}\u0000${a.reading ?? ''}`;
    const read = u.reads.get(readKey);
    if (read) read.n++;
    else
      u.reads.set(readKey, {
        ...(a.score !== undefined ? { score: a.score } : {}),
        ...(a.reading !== undefined ? { reading: a.reading } : {}),
        n: 1,
      });
  });
  for (const u of units) {
    const [lead] = [...u.reads.values()].sort(
      (a, b) =>
        b.n - a.n ||
        (a.score ?? 0) - (b.score ?? 0) ||
        ((a.reading ?? '') < (b.reading ?? '')
          ? -1
          : (a.reading ?? '') > (b.reading ?? '')
            ? 1
            : 0),
    );
    if (lead?.score !== undefined) u.score = lead.score;
    if (lead?.reading !== undefined) u.reading = lead.reading;
  }

  const made: { key: string; units: number[] }[] = [];
  const clustered = new Set<number>();
  if (options.nearMatches !== false) {
    const open = units.flatMap((u, i) =>
      u.text !== '' && u.score !== undefined
        ? [{ text: u.text, score: u.score, features: u.features, i }]
        : [],
    );
    for (const cluster of nearMatchClusters(
      open,
      options.cut === undefined ? {} : { cut: options.cut },
    ).clusters) {
      const members = cluster.map((k) => open[k]?.i ?? -1);
      // The group's key: the text most of its answers wrote (the first in text order among equals),
      // so the same answers give the same key, and an answer joining the group rarely changes it.
      const anchor = [...members].sort((a, b) => {
        const ua = units[a];
        const ub = units[b];
        return (
          (ub?.ids.length ?? 0) - (ua?.ids.length ?? 0) ||
          ((ua?.text ?? '') < (ub?.text ?? '') ? -1 : 1)
        );
      })[0];
      made.push({ key: `c\u0000${units[anchor ?? -1]?.text ?? ''}`, units: members });
      for (const m of members) clustered.add(m);
    }
  }
  const byKey = new Map<string, number[]>();
  units.forEach((u, i) => {
    if (clustered.has(i)) return;
    const key =
      u.reading !== undefined && u.text !== '' ? `r\u0000${u.reading}` : `t\u0000${u.text}`;
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  });
  for (const [key, list] of byKey) made.push({ key, units: list });

  return made
    .map((g) => {
      const ids = g.units
        .flatMap((i) => units[i]?.ids ?? [])
        .sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
      return { key: g.key, ids, texts: g.units.length, first: position.get(ids[0] ?? '') ?? 0 };
    })
    .sort((a, b) => b.ids.length - a.ids.length || a.first - b.first)
    .map(({ key, ids, texts }) => ({ key, ids, texts }));
}

/**
 * The order in which the teacher should mark a question's answers: the representative of each group
 * of two or more (largest first) and the answers it is least sure of (lowest `sureness` first, ties
 * in the given order), taken in turn; `limit` answers at most (all by default). `exclude` are
 * already marked.
 */
export function reviewOrder(
  candidates: readonly TReviewCandidate[],
  options: { limit?: number; exclude?: ReadonlySet<string>; groups?: TAnswerGroup[] } = {},
): string[] {
  const limit = options.limit ?? candidates.length;
  const exclude = options.exclude ?? new Set<string>();
  if (limit <= 0) return [];
  const groups = options.groups ?? groupAnswers(candidates);
  // Exact copies: marking one marks all.
  const copyKey = new Map(candidates.map((c) => [c.id, normalisedAnswer(c.answer)]));
  const covered = new Set<string>();
  for (const id of exclude) covered.add(copyKey.get(id) ?? `\u0000${id}`);

  const representatives = groups
    .filter((g) => g.ids.length >= 2)
    .map((g) => g.ids.find((id) => !exclude.has(id)))
    .filter((id): id is string => id !== undefined);
  // Groups already reviewed (one of their answers was marked) need no representative.
  const reviewedGroups = new Set(
    groups.filter((g) => g.ids.some((id) => exclude.has(id))).map((g) => g.ids[0]),
  );
  const groupOf = new Map<string, string | undefined>();
  for (const g of groups) for (const id of g.ids) groupOf.set(id, g.ids[0]);
  const leastSure = candidates
    .map((c, order) => ({ c, order }))
    .sort((a, b) => a.c.sureness - b.c.sureness || a.order - b.order)
    .map(({ c }) => c.id);

  const out: string[] = [];
  const take = (id: string): boolean => {
    if (exclude.has(id)) return false;
    const key = copyKey.get(id) ?? `\u0000${id}`;
    if (covered.has(key)) return false;
    covered.add(key);
    out.push(id);
    return true;
  };
  let r = 0;
  let s = 0;
  while (out.length < limit && (r < representatives.length || s < leastSure.length)) {
    while (r < representatives.length) {
      const id = representatives[r++] as string;
      if (reviewedGroups.has(groupOf.get(id))) continue;
      if (take(id)) break;
    }
    if (out.length >= limit) break;
    while (s < leastSure.length) if (take(leastSure[s++] as string)) break;
  }
  return out;
}
