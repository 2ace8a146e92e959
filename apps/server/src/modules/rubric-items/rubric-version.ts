import { createHash } from 'node:crypto';

/**
 * What a marker's mark was made under (issue 27): the question's marks, two bands and rubric text,
 * as one md5. The marking job writes it with each mark (`submission_answers.rubric_version`), the
 * class marking screen compares it with the question's now, and migration 0020 wrote the same
 * expression in SQL for the answers marked before it:
 * md5(marks::text || chr(31) || low_mark_range || chr(31) || high_mark_range || chr(31) || rubric).
 */
export function rubricVersionOf(rubric: {
  marks: number;
  lowMarkRange: string;
  highMarkRange: string;
  rubric: string;
}): string {
  const text = [
    String(rubric.marks),
    rubric.lowMarkRange,
    rubric.highMarkRange,
    rubric.rubric,
  ].join('\u001f');
  return createHash('md5').update(text, 'utf8').digest('hex');
}
