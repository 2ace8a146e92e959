// One student's photo answer, as the web app sends it: the photo to text, the text tidied, the
// submission, then the mark call (202 "pending" means ask again). A failure the web app would let the
// student retry (no connection, 429, 502, 503, 504) is retried with back-off; before sending a
// submission again the client reads its own list, so work that was saved is not submitted twice.
import { API_BASE, fillPath } from '@stem/contract/api';
import { ROOT_PATHS, SUBMISSION_PATHS } from '@stem/contract/submissions';

export type TStep = 'extract' | 'cleanup' | 'submit' | 'list' | 'mark';

export type TClientEvent = { at: number; step: TStep; outcome: string };

export type TStudentRun = {
  submissionId: string | null;
  /** Why the client gave up (a refusal the web app would not retry, or its deadline). */
  gaveUp: string | null;
  /** Milliseconds from the start of the run. */
  startedAt: number;
  submittedAt: number | null;
  markedAt: number | null;
  retries: number;
  /** Every failed call: when, which step, what it got. */
  failures: TClientEvent[];
  /** Latency of each successful call, by step. */
  latencies: { step: TStep; ms: number }[];
};

export type TStudentInput = {
  baseUrl: string;
  token: string;
  classId: string;
  questionId: string;
  imageBase64: string;
  /** performance.now() of the drill's start: every time in the result is relative to it. */
  origin: number;
  deadline: number;
};

const RETRYABLE = new Set([429, 502, 503, 504]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class GiveUp extends Error {}

export async function runStudent(input: TStudentInput): Promise<TStudentRun> {
  const now = () => Math.round(performance.now() - input.origin);
  const run: TStudentRun = {
    submissionId: null,
    gaveUp: null,
    startedAt: now(),
    submittedAt: null,
    markedAt: null,
    retries: 0,
    failures: [],
    latencies: [],
  };

  /** One call, retried while the failure is retryable; resolves with the reply's status and body. */
  async function call(
    step: TStep,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    beforeRetry?: () => Promise<{ status: number; json: unknown } | null>,
  ): Promise<{ status: number; json: unknown }> {
    for (let attempt = 0; ; attempt += 1) {
      if (attempt > 0) {
        const recovered = beforeRetry ? await beforeRetry() : null;
        if (recovered) return recovered;
      }
      const started = performance.now();
      let outcome: string;
      try {
        const response = await fetch(`${input.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${input.token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        if (response.status < 400) {
          run.latencies.push({ step, ms: Math.round(performance.now() - started) });
          return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
        }
        outcome = String(response.status);
        if (!RETRYABLE.has(response.status)) {
          run.failures.push({ at: now(), step, outcome: `${outcome} ${text.slice(0, 160)}` });
          throw new GiveUp(`${step}: ${outcome} ${text.slice(0, 160)}`);
        }
      } catch (error) {
        if (error instanceof GiveUp) throw error;
        const cause = (error as { cause?: { code?: string } }).cause;
        outcome = cause?.code ?? (error as Error).name;
      }
      run.failures.push({ at: now(), step, outcome });
      run.retries += 1;
      if (performance.now() > input.deadline) throw new GiveUp(`${step}: deadline (${outcome})`);
      await sleep(Math.min(8_000, 500 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
  }

  try {
    const extracted = (await call('extract', 'POST', ROOT_PATHS.studentExtractText, {
      image: input.imageBase64,
    })) as { json: { data: { formData: string; confidence?: number } } };
    const cleaned = (await call('cleanup', 'POST', ROOT_PATHS.cleanupText, {
      text: extracted.json.data.formData,
    })) as { json: { data: { cleanedText: string } } };
    const answer = cleaned.json.data.cleanedText.trim() || extracted.json.data.formData;
    const list = `${API_BASE}${SUBMISSION_PATHS.studentSubmissions}`;
    /** Work already saved by an earlier try whose reply was lost. */
    const alreadySaved = async () => {
      const listed = (await call('list', 'GET', list, undefined)) as {
        json: { data: { _id: string }[] };
      };
      const first = listed.json.data[0];
      return first ? { status: 201, json: { data: { _id: first._id } } } : null;
    };
    const created = (await call(
      'submit',
      'POST',
      list,
      {
        classId: input.classId,
        submissions: [
          {
            questionId: input.questionId,
            answer,
            source: 'photo',
            ...(extracted.json.data.confidence === undefined
              ? {}
              : { ocrConfidence: extracted.json.data.confidence }),
          },
        ],
      },
      alreadySaved,
    )) as { json: { data: { _id: string } } };
    run.submissionId = created.json.data._id;
    run.submittedAt = now();
    const markPath = fillPath(ROOT_PATHS.markSubmission, {
      classId: input.classId,
      submissionId: run.submissionId,
    });
    for (;;) {
      const marked = (await call('mark', 'POST', markPath, undefined)) as {
        status: number;
        json: { data: { status: string } };
      };
      if (marked.status === 200 && marked.json.data.status === 'marked') break;
      if (marked.status === 200) throw new GiveUp(`mark: ${marked.json.data.status}`);
      if (performance.now() > input.deadline) throw new GiveUp('mark: still pending at deadline');
      await sleep(2_000);
    }
    run.markedAt = now();
  } catch (error) {
    run.gaveUp = error instanceof Error ? error.message : String(error);
  }
  return run;
}
