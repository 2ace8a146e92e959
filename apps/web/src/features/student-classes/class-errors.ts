import { MESSAGES } from '@stem/contract/messages';
import { UnexpectedReplyError } from './api/student-class-errors';

/** What /my-classes and /start-submission say when the student's classes fail to load (spec 02 §8). */
export function enrolledClassesErrorText(error: unknown): string {
  if (error instanceof UnexpectedReplyError) return MESSAGES.student.noClasses;
  return MESSAGES.student.classesFailed;
}
