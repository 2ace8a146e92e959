import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ROOT_PATHS, type TSubmitForStudentRequest } from '@stem/contract/submissions';
import { MESSAGES } from '@stem/contract/messages';
import { api, serverMessageOf, statusOf } from '../../../lib/http';

/** A reply that arrived but did not say the upload succeeded. */
export class UploadRefusedError extends Error {
  constructor() {
    super(MESSAGES.upload.uploadFailed);
    this.name = 'UploadRefusedError';
  }
}

const ZReply = z.object({ status: z.string() }).loose();

/** POST /api/textract/teacher/submit-for-student: saves the work as the student's submission. */
export async function submitForStudent(request: TSubmitForStudentRequest): Promise<void> {
  const reply = ZReply.safeParse(await api.rawPost(ROOT_PATHS.submitForStudent, request));
  if (!reply.success || reply.data.status !== 'success') throw new UploadRefusedError();
}

/**
 * "Upload failed" when the server answered without success, the server's reason when it refused
 * the request, else "Failed to upload submission. Please try again." (spec 02 §8 Upload).
 */
export function uploadErrorText(error: unknown): string {
  if (error instanceof UploadRefusedError) return MESSAGES.upload.uploadFailed;
  const status = statusOf(error);
  const message = serverMessageOf(error);
  if (status !== undefined && status >= 400 && status < 500 && status !== 401 && message) {
    return message;
  }
  return MESSAGES.upload.uploadFailedRetry;
}

export function useSubmitForStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitForStudent,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['submissions'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
