import { MESSAGES } from '@stem/contract/messages';
import { serverMessageOf, statusOf } from '../../lib/http';
import { UnexpectedClassReply } from './api/get-answering-class';

/** What the answering screen says when the class and its questions fail to load (spec 02 §8). */
export function classLoadErrorText(error: unknown): string {
  if (error instanceof UnexpectedClassReply) return MESSAGES.student.classFailed;
  const status = statusOf(error);
  if (status === 404) return MESSAGES.classes.notFound;
  if (status === 403) return MESSAGES.submissions.notEnrolled;
  return MESSAGES.student.questionsFailed;
}

/** Only a failure that may pass (network, server) is worth a Retry button. */
export function isRetriable(error: unknown): boolean {
  const status = statusOf(error);
  return !(error instanceof UnexpectedClassReply) && (status === undefined || status >= 500);
}

/**
 * Saving failed: the server's reason when it refused the answers (the attempts limit, a question
 * no longer in the class), else "Failed to save submission. Please try again." (spec 02 §8).
 */
export function saveErrorText(error: unknown): string {
  const status = statusOf(error);
  const message = serverMessageOf(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 401 && message) {
    return message;
  }
  return MESSAGES.submissions.saveFailed;
}
