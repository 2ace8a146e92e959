import { createHash, createHmac } from 'node:crypto';
import { OcrError, plainPunctuation, type OcrPort, type TOcrOptions } from './port';
import type { TOcrLogger } from './tesseract';

export type TTextractOptions = {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
  /** Default https://textract.<region>.amazonaws.com (a VPC endpoint or test server overrides it). */
  endpoint?: string | undefined;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Attempts for throttling and server errors (the first included); default 3. */
  attempts?: number;
  /** First retry delay, doubled each time (with jitter); default 500 ms. */
  backoffMs?: number;
  logger?: TOcrLogger | undefined;
  now?: () => Date;
};

const SERVICE = 'textract';
const TARGET = 'Textract.DetectDocumentText';
const RETRYABLE = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'LimitExceededException',
  'InternalServerError',
  'ServiceUnavailableException',
]);

type TBlock = {
  BlockType?: string;
  Text?: string;
  Confidence?: number;
  Page?: number;
};

/**
 * AWS Textract DetectDocumentText (printed text and handwriting) over HTTPS, signed with Signature
 * Version 4 by hand (node:crypto, no SDK). The page goes in the request body only; throttling and
 * 5xx replies are retried with back-off, other errors (AccessDenied...) fail at once.
 */
export function createTextractOcr(options: TTextractOptions): OcrPort {
  const endpoint = new URL(options.endpoint ?? `https://textract.${options.region}.amazonaws.com/`);
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call(body: string, signal?: AbortSignal): Promise<{ Blocks?: TBlock[] }> {
    for (let attempt = 1; ; attempt++) {
      const headers = signRequest({
        method: 'POST',
        url: endpoint,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': TARGET,
        },
        body,
        region: options.region,
        service: SERVICE,
        credentials: options,
        date: options.now?.() ?? new Date(),
      });
      let retryable: boolean;
      let problem: string;
      try {
        // fetch sets Host itself, from the same URL the signature covered.
        const { host: _host, ...sent } = headers;
        const reply = await fetch(endpoint, {
          method: 'POST',
          headers: sent,
          body,
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
            : AbortSignal.timeout(timeoutMs),
        });
        const text = await reply.text();
        if (reply.ok) return JSON.parse(text) as { Blocks?: TBlock[] };
        const type = errorType(text, reply.headers.get('x-amzn-errortype'));
        retryable = RETRYABLE.has(type) || reply.status >= 500;
        problem = `${reply.status} ${type}`;
        if (!retryable) {
          throw new OcrError('provider', `Textract refused the request (${problem})`);
        }
      } catch (error) {
        if (error instanceof OcrError) throw error;
        if (signal?.aborted) throw new OcrError('timeout', 'Text extraction was cancelled');
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        retryable = true;
        problem = timedOut ? 'timeout' : 'network error';
        if (attempt >= attempts) {
          throw new OcrError(
            timedOut ? 'timeout' : 'unavailable',
            `Textract did not answer (${problem})`,
            { cause: error },
          );
        }
      }
      if (attempt >= attempts) {
        throw new OcrError('unavailable', `Textract is unavailable (${problem})`);
      }
      const delay = backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
      options.logger?.warn({ attempt, problem, delayMs: Math.round(delay) }, 'textract retry');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  return {
    name: 'textract',
    imageStyle: 'plain',
    async recognize(png: Buffer, opts: TOcrOptions = {}) {
      opts.onProgress?.(0);
      const body = JSON.stringify({ Document: { Bytes: png.toString('base64') } });
      const reply = await call(body, opts.abortSignal);
      const lines = (reply.Blocks ?? []).filter((b) => b.BlockType === 'LINE');
      opts.onProgress?.(1);
      const confidences = lines.flatMap((l) => (l.Confidence === undefined ? [] : [l.Confidence]));
      return {
        // Textract lists LINE blocks in reading order.
        text: plainPunctuation(lines.map((l) => l.Text ?? '').join('\n')),
        confidence:
          confidences.length > 0
            ? confidences.reduce((sum, c) => sum + c, 0) / confidences.length
            : undefined,
      };
    },
    async health() {
      // Nothing to warm up; credentials are checked on the first request.
    },
    async close() {},
  };
}

/** "com.amazon.coral.service#ThrottlingException" or {"__type": ...} → "ThrottlingException". */
function errorType(body: string, header: string | null): string {
  let type = header ?? '';
  try {
    const parsed = JSON.parse(body) as { __type?: unknown };
    if (typeof parsed.__type === 'string') type = parsed.__type;
  } catch {
    // Not JSON (a proxy's error page): the status decides.
  }
  return type.split('#').pop()?.split(':')[0] || 'UnknownError';
}

export type TSignInput = {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
  region: string;
  service: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };
  date: Date;
};

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding of one path segment, as SigV4 wants it. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * AWS Signature Version 4 for a request with a body and no query string: returns the headers to send
 * (the given ones plus host, x-amz-date, x-amz-security-token when a session token is set, and
 * authorization). Exported so tests can recompute a signature over the request a server received.
 */
export function signRequest(input: TSignInput): Record<string, string> {
  const amzDate = input.date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value;
  headers.host = input.url.host;
  headers['x-amz-date'] = amzDate;
  if (input.credentials.sessionToken) {
    headers['x-amz-security-token'] = input.credentials.sessionToken;
  }
  const signedNames = Object.keys(headers).sort();
  const canonicalHeaders = signedNames
    .map((name) => `${name}:${(headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = signedNames.join(';');
  const canonicalPath = input.url.pathname.split('/').map(encodeSegment).join('/') || '/';
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath,
    '',
    canonicalHeaders,
    signedHeaders,
    sha256Hex(input.body),
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), input.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
