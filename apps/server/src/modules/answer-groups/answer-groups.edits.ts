import type { TComputedGroup } from '../../marking/loop/answer-groups';

/**
 * Pure rules of answer groups (issue 27): the marker's groups with the teacher's edits applied.
 *
 * An answer is in the group the teacher pinned it to (a split or a move), else in the marker's group
 * for it; then merges are followed (a merged group's answers, now and to come, are in the group it
 * was merged into). So a new answer goes to the marker's group for it, and from there to wherever
 * that group was merged; it never lands in a group the teacher made by splitting or moving.
 */

export type TGroupPin = { answerId: string; groupId: string };
export type TGroupMerge = { fromGroup: string; toGroup: string };

export type TEditedGroup = {
  id: string;
  /** The answers in the class's order; the first is the group's representative. */
  ids: string[];
  /** The teacher changed this group: made it, or pinned or merged answers into it. */
  edited: boolean;
};

/** Where a group id ends up after merges (a loop, which the service never writes, stops). */
export function resolveGroup(id: string, merges: ReadonlyMap<string, string>): string {
  let current = id;
  const seen = new Set<string>([current]);
  for (;;) {
    const next = merges.get(current);
    if (next === undefined || seen.has(next)) return current;
    seen.add(next);
    current = next;
  }
}

/**
 * The groups of the answers `order` (the class's order) after the teacher's edits: largest first,
 * equal sizes in the order of their first answer. Pins of answers not in `order` (an answer since
 * replaced by a newer one) are ignored.
 */
export function applyGroupEdits(
  computed: readonly TComputedGroup[],
  order: readonly string[],
  pins: readonly TGroupPin[],
  merges: readonly TGroupMerge[],
): TEditedGroup[] {
  const computedOf = new Map<string, string>();
  for (const g of computed) for (const id of g.ids) computedOf.set(id, g.id);
  const pinOf = new Map(pins.map((p) => [p.answerId, p.groupId]));
  const mergeOf = new Map(merges.map((m) => [m.fromGroup, m.toGroup]));
  const mergedInto = new Set(merges.map((m) => resolveGroup(m.toGroup, mergeOf)));

  const groups = new Map<string, { ids: string[]; first: number; edited: boolean }>();
  order.forEach((answerId, index) => {
    const pinned = pinOf.get(answerId);
    const base = pinned ?? computedOf.get(answerId);
    if (base === undefined) return;
    const id = resolveGroup(base, mergeOf);
    const edited = pinned !== undefined || mergedInto.has(id) || id.startsWith('t');
    const group = groups.get(id);
    if (group) {
      group.ids.push(answerId);
      group.edited ||= edited;
    } else groups.set(id, { ids: [answerId], first: index, edited });
  });
  return [...groups.entries()]
    .sort(([, a], [, b]) => b.ids.length - a.ids.length || a.first - b.first)
    .map(([id, g]) => ({ id, ids: g.ids, edited: g.edited }));
}

/** The marker's suggested mark for a group: its most common mark there, the lower on a tie. */
export function suggestedScore(scores: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const s of scores) counts.set(s, (counts.get(s) ?? 0) + 1);
  let best = 0;
  let bestCount = 0;
  for (const [score, n] of counts) {
    if (n > bestCount || (n === bestCount && score < best)) {
      best = score;
      bestCount = n;
    }
  }
  return best;
}
