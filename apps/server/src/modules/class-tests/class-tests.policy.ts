/**
 * Pure rules of a class's tests: which chosen questions are not the class's, and how a student's
 * marks of a test add up.
 */

/** The chosen ids that are not among the class's questions (empty when all are). */
export function questionsOutsideClass(chosen: readonly string[], ofClass: readonly string[]) {
  const known = new Set(ofClass);
  return chosen.filter((id) => !known.has(id));
}

export type TMarkCell = { score: number | null; held: boolean };

/**
 * A student's marks of a test, one cell per question in the test's order: the total of the marked
 * scores (a question without a marked answer counts 0, as Gradescope counts a missing question) and
 * how many are marked. The total is null when none is: nothing to push or send for that student.
 */
export function testTotal(cells: readonly TMarkCell[]): { total: number | null; answered: number } {
  let total = 0;
  let answered = 0;
  for (const cell of cells) {
    if (cell.score === null) continue;
    total += cell.score;
    answered += 1;
  }
  return { total: answered > 0 ? total : null, answered };
}
