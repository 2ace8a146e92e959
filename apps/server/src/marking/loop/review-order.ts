import type { TEvidence } from '../offline/evidence';

/**
 * Which answers of one question the teacher should mark first (issue 27): the order of the review
 * screen, the "test on a few first" proposals and the simulated teacher's loop (`teacher-loop.ts`).
 *
 * Answers are grouped first: the same text after normalising case, spacing, punctuation and number
 * formats; then near matches, read by the marker's own features: the same mark and the same key
 * points of the rubric credited and contradicted (`readingOf`). The order then takes, in turn, the
 * first answer of the next biggest group (two answers or more) and the next least confident answer,
 * so a few marks reach both what most of the class wrote and what the marker is least sure of. An
 * answer whose exact copy was already taken is skipped: the teacher's mark of one copy marks all.
 */

/** A key point's credit (coverage, in the answer and in its best window) from which it counts. */
export const POINT_CREDITED = 0.5;

export type TReviewCandidate = {
  id: string;
  answer: string;
  /** The marker's confidence in its mark, 0..1 (`confidence.ts`). */
  confidence: number;
  /** How the marker read the answer (`readingOf`); answers read alike are near matches. */
  reading?: string | undefined;
};

export type TAnswerGroup = {
  /** The answers' ids, the group's first (its representative) first. */
  ids: string[];
  /** How many distinct texts (after normalising) the group holds. */
  texts: number;
};

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

/**
 * Groups a question's answers: exact matches after normalising, then answers the marker read alike
 * (when readings are given). Groups come largest first (equal sizes in the order of their first
 * answer); every answer is in one group.
 */
export function groupAnswers(
  answers: readonly { id: string; answer: string; reading?: string | undefined }[],
): TAnswerGroup[] {
  const groups = new Map<string, { ids: string[]; texts: Set<string>; order: number }>();
  // Exact copies share a group whatever their readings (the first copy's reading leads).
  const readingOfText = new Map<string, string>();
  answers.forEach((a, order) => {
    const text = normalisedAnswer(a.answer);
    let key = readingOfText.get(text);
    if (key === undefined) {
      key = a.reading !== undefined && text !== '' ? `r\u0000${a.reading}` : `t\u0000${text}`;
      readingOfText.set(text, key);
    }
    const group = groups.get(key);
    if (group) {
      group.ids.push(a.id);
      group.texts.add(text);
    } else groups.set(key, { ids: [a.id], texts: new Set([text]), order });
  });
  return [...groups.values()]
    .sort((a, b) => b.ids.length - a.ids.length || a.order - b.order)
    .map((g) => ({ ids: g.ids, texts: g.texts.size }));
}

/**
 * The order in which the teacher should mark a question's answers: the representative of each group
 * of two or more (largest first) and the least confident answers (lowest first, ties in the given
 * order), taken in turn; `limit` answers at most (all by default). `exclude` are already marked.
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
    .sort((a, b) => a.c.confidence - b.c.confidence || a.order - b.order)
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
