import { MESSAGES } from '@stem/contract/messages';
import type { TStudentClass } from '@stem/contract/teaching';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const questionCountText = (count: number) => plural(count, 'question', 'questions');
export const marksText = (count: number) => plural(count, 'mark', 'marks');

/** The teacher's name on class cards; a class without one says "Unknown Teacher" (spec 02 §8). */
export function teacherNameOf(cls: Pick<TStudentClass, 'teacher'>): string {
  const name = cls.teacher?.name.trim();
  return name ? name : MESSAGES.student.unknownTeacher;
}
