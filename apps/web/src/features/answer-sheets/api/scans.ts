import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fillPath } from '@stem/contract/api';
import {
  SCAN_PATHS,
  SCAN_POLL_MS,
  ZAssignPageResponse,
  ZBatchListResponse,
  ZBatchResponse,
  ZCreateBatchResponse,
  ZPageActionResponse,
  ZReleaseBatchResponse,
  type TAbsentPageRequest,
  type TAssignPageRequest,
  type TPaperSize,
  type TSheetFormat,
  type TScanBatch,
} from '@stem/contract/scans';
import { api } from '../../../lib/http';

/** Large stacks take a while to send; the 30 s default suits JSON calls, not a class's scans. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export type TSheetChoice = {
  classId: string;
  questionIds: string[];
  paper: TPaperSize;
  blank: boolean;
  copies: number;
  /** One-question sheets, or a test booklet per student (then never blank). */
  format?: TSheetFormat;
  /** Booklets: a continuation page at the end of each. */
  continuation?: boolean;
  /** A saved test: its questions in its order (instead of questionIds). */
  testId?: string;
};

/** GET /class/{id}/answer-sheets: the PDF as a Blob, with the file name the server chose. */
export async function downloadAnswerSheets(
  choice: TSheetChoice,
): Promise<{ blob: Blob; name: string }> {
  const path = fillPath(SCAN_PATHS.answerSheets, { classId: choice.classId });
  const params: Record<string, string> = {
    paper: choice.paper,
    blank: String(choice.blank),
  };
  if (choice.testId) params.testId = choice.testId;
  else params.questionIds = choice.questionIds.join(',');
  if (choice.format === 'booklet') {
    params.format = 'booklet';
    params.blank = 'false';
    params.continuation = String(choice.continuation ?? true);
    const blob = await api.get<Blob>(path, params, { responseType: 'blob', timeout: 120_000 });
    return { blob, name: 'test-booklets.pdf' };
  }
  if (choice.blank) params.copies = String(choice.copies);
  const blob = await api.get<Blob>(path, params, { responseType: 'blob', timeout: 120_000 });
  return { blob, name: `answer-sheets${choice.blank ? '-blank' : ''}.pdf` };
}

/** Saves a Blob as a download (the browser's own "save"). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** POST /scan/batches: the stack's files; the reply carries the batch id at once. */
export async function uploadStack(input: {
  classId: string;
  files: File[];
  /** Whether the marks wait for the teacher's release; undefined: as the class's questions are set. */
  holdMarks?: boolean | undefined;
  onProgress?: (share: number) => void;
}): Promise<string> {
  const form = new FormData();
  form.append('classId', input.classId);
  if (input.holdMarks !== undefined) form.append('holdMarks', String(input.holdMarks));
  for (const file of input.files) form.append('files', file, file.name);
  const body = await api.post(SCAN_PATHS.batches, form, {
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: (event) => {
      if (event.total) input.onProgress?.(event.loaded / event.total);
    },
  });
  return ZCreateBatchResponse.parse(body).data.batchId;
}

export const SCANS_KEY = ['scan-batches'] as const;

/** A batch is finished when every page is read and every answer's marking has ended. */
export function isSettled(batch: TScanBatch): boolean {
  if (batch.status === 'failed') return true;
  if (batch.status !== 'done') return false;
  return batch.marked + batch.markingFailed >= batch.assigned;
}

/** GET /scan/batches/{id}, polled every second until the batch is settled. */
export function useScanBatch(batchId: string | null) {
  return useQuery({
    queryKey: [...SCANS_KEY, batchId],
    enabled: batchId !== null,
    queryFn: async () =>
      ZBatchResponse.parse(await api.get(fillPath(SCAN_PATHS.batch, { id: batchId ?? '' }))).data,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && isSettled(data) ? false : SCAN_POLL_MS;
    },
    retry: false,
  });
}

/** GET /scan/batches: refreshed every few seconds while one of them is still being read or marked. */
export function useRecentBatches() {
  return useQuery({
    queryKey: [...SCANS_KEY, 'recent'],
    queryFn: async () => ZBatchListResponse.parse(await api.get(SCAN_PATHS.batches)).data,
    refetchInterval: (query) =>
      (query.state.data ?? []).every(isSettled) ? false : 3 * SCAN_POLL_MS,
  });
}

/** After an action on a page: the batch, and the submissions a page may have made. */
function useRefreshAfterPageAction() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: SCANS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['submissions'] });
  };
}

/** The page as it now stands, and what the server said of it (a re-scan says what it did). */
function pageReply(body: unknown) {
  const { data, message } = ZPageActionResponse.parse(body);
  return { page: data, message };
}

/** POST .../discard and .../absent: the page as it now stands. */
export function usePageAction(batchId: string) {
  const refresh = useRefreshAfterPageAction();
  return useMutation({
    mutationFn: async (
      input:
        | { kind: 'discard'; pageId: string }
        | ({ kind: 'absent'; pageId: string } & TAbsentPageRequest),
    ) => {
      const params = { id: batchId, pageId: input.pageId };
      if (input.kind === 'discard') {
        return pageReply(await api.post(fillPath(SCAN_PATHS.discardPage, params)));
      }
      const { studentId, questionId } = input;
      return pageReply(
        await api.post(fillPath(SCAN_PATHS.absentPage, params), { studentId, questionId }),
      );
    },
    onSuccess: refresh,
  });
}

/** A page's re-scan while it is sent and read: the page's other actions wait for it. */
const rescanKey = (pageId: string) => ['scan-page-rescan', pageId] as const;

/**
 * POST .../replace: one re-scanned page (an image, or a PDF of one page) replaces what was read from
 * the page; the reply is the page as it now stands and what the re-scan did.
 */
export function useReplacePage(batchId: string, pageId: string) {
  const refresh = useRefreshAfterPageAction();
  return useMutation({
    mutationKey: rescanKey(pageId),
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('files', file, file.name);
      return pageReply(
        await api.post(fillPath(SCAN_PATHS.replacePage, { id: batchId, pageId }), form, {
          timeout: UPLOAD_TIMEOUT_MS,
        }),
      );
    },
    onSuccess: refresh,
  });
}

/** Whether a re-scan of the page is being sent or read (see useReplacePage). */
export function useRescanPending(pageId: string): boolean {
  return useIsMutating({ mutationKey: rescanKey(pageId) }) > 0;
}

export function useAssignPage(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: TAssignPageRequest & { pageId: string }) => {
      const { pageId, ...body } = input;
      const reply = await api.post(fillPath(SCAN_PATHS.assignPage, { id: batchId, pageId }), body);
      return ZAssignPageResponse.parse(reply).data.submissionId;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: SCANS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['submissions'] });
    },
  });
}

/** POST /scan/batches/{id}/release: the held batch's marks go to the students. */
export function useReleaseBatch(batchId: string) {
  const refresh = useRefreshAfterPageAction();
  return useMutation({
    mutationFn: async () =>
      ZReleaseBatchResponse.parse(
        await api.post(fillPath(SCAN_PATHS.releaseBatch, { id: batchId })),
      ).data.released,
    onSuccess: refresh,
  });
}
