import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake provider received it. */
export type TRecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The parsed JSON body (the tests read the fields they check). */
  body: Record<string, unknown>;
};

/** How the fake answers one request. */
export type TFakeReply = {
  status?: number;
  /** JSON reply body; `raw` wins when both are set. */
  json?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering (to exceed the client's timeout). */
  delayMs?: number;
};
export type TResponder = (request: TRecordedRequest) => TFakeReply;

export type TFakeProvider = {
  /** Base URL including /v1, as the adapters take it. */
  baseURL: string;
  port: number;
  requests: TRecordedRequest[];
  /** Replies for the next requests, in order; afterwards `fallback` answers. */
  queue: (...responders: TResponder[]) => void;
  fallback: (responder: TResponder) => void;
  /** Forgets recorded requests, queued replies and the fallback (between tests). */
  reset: () => void;
  close: () => Promise<void>;
};

/**
 * A local HTTP server that speaks a provider's wire format at `POST /v1/<path>`: it records every
 * request, checks authentication the way the real API does (401 with the provider's error shape)
 * and answers from a queue of responders.
 */
async function startFake(options: {
  path: string;
  authorise: (headers: http.IncomingHttpHeaders) => TFakeReply | undefined;
  notFound: TFakeReply;
}): Promise<TFakeProvider> {
  const requests: TRecordedRequest[] = [];
  const pending: TResponder[] = [];
  const noReply: TResponder = () => ({
    status: 500,
    json: { error: { message: 'no reply queued' } },
  });
  let fallback = noReply;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        // A non-JSON body is recorded as it came; the responder decides.
      }
      const recorded: TRecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(recorded);
      const reply =
        req.method !== 'POST' || req.url !== options.path
          ? options.notFound
          : (options.authorise(req.headers) ?? (pending.shift() ?? fallback)(recorded));
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, {
          'content-type': 'application/json',
          ...reply.headers,
        });
        res.end(reply.raw ?? JSON.stringify(reply.json ?? {}));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    queue: (...responders) => pending.push(...responders),
    fallback: (responder) => {
      fallback = responder;
    },
    reset: () => {
      requests.length = 0;
      pending.length = 0;
      fallback = noReply;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Anthropic Messages API: `x-api-key` and `anthropic-version` headers, errors as `{type:'error'}`. */
export function startFakeAnthropic(apiKey: string): Promise<TFakeProvider> {
  return startFake({
    path: '/v1/messages',
    notFound: { status: 404, json: anthropicError('not_found_error', 'Not found') },
    authorise: (headers) => {
      if (headers['x-api-key'] !== apiKey) {
        return { status: 401, json: anthropicError('authentication_error', 'invalid x-api-key') };
      }
      if (!headers['anthropic-version']) {
        return {
          status: 400,
          json: anthropicError('invalid_request_error', 'anthropic-version header is required'),
        };
      }
      return undefined;
    },
  });
}

/** OpenAI Chat Completions: a bearer key when the server has one, errors as `{error:{...}}`. */
export function startFakeOpenAi(apiKey: string | undefined): Promise<TFakeProvider> {
  return startFake({
    path: '/v1/chat/completions',
    notFound: { status: 404, json: openAiError('Not found') },
    authorise: (headers) => {
      if (apiKey !== undefined && headers.authorization !== `Bearer ${apiKey}`) {
        return { status: 401, json: openAiError('Incorrect API key provided') };
      }
      return undefined;
    },
  });
}

export function anthropicError(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

export function openAiError(message: string) {
  return { error: { message, type: 'invalid_request_error', code: null } };
}

/**
 * A Messages API reply carrying `object` the way the request asked for it: as JSON text when the
 * SDK used native structured output (`output_config.format`), as a `json` tool call when it forced
 * the tool instead.
 */
export function anthropicObjectReply(request: TRecordedRequest, object: unknown): TFakeReply {
  const usesTool = Array.isArray(request.body.tools);
  return anthropicContentReply(
    request,
    usesTool
      ? [{ type: 'tool_use', id: 'toolu_01', name: 'json', input: object }]
      : [{ type: 'text', text: JSON.stringify(object) }],
    usesTool ? 'tool_use' : 'end_turn',
  );
}

export function anthropicTextReply(request: TRecordedRequest, text: string): TFakeReply {
  return anthropicContentReply(request, [{ type: 'text', text }], 'end_turn');
}

function anthropicContentReply(
  request: TRecordedRequest,
  content: unknown[],
  stopReason: string,
): TFakeReply {
  return {
    json: {
      id: 'msg_01',
      type: 'message',
      role: 'assistant',
      model: request.body.model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 120, output_tokens: 80 },
    },
  };
}

/** A Chat Completions reply whose message content is `content` (JSON text for structured output). */
export function openAiReply(request: TRecordedRequest, content: string): TFakeReply {
  return {
    json: {
      id: 'chatcmpl-01',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: request.body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content },
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
    },
  };
}

/** The text parts of the user message(s) of a recorded request, joined. */
export function userText(request: TRecordedRequest): string {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return messages
    .filter((m) => m.role === 'user')
    .flatMap((m) =>
      typeof m.content === 'string'
        ? [m.content]
        : (m.content as { type: string; text?: string }[])
            .filter((p) => p.type === 'text')
            .map((p) => p.text ?? ''),
    )
    .join('\n');
}

/** The system prompt of a recorded request, in either provider's shape. */
export function systemText(request: TRecordedRequest): string {
  const system = request.body.system as { text: string }[] | string | undefined;
  if (typeof system === 'string') return system;
  if (Array.isArray(system)) return system.map((s) => s.text).join('\n');
  const messages = (request.body.messages ?? []) as { role: string; content: unknown }[];
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content))
    .join('\n');
}

/** The body of the fence labelled `label` in `text`, or undefined when there is no whole fence. */
export function fencedBody(text: string, label: string): string | undefined {
  const open = new RegExp(`<${label} id="([0-9a-f]+)">\\n`).exec(text);
  if (!open?.[1]) return undefined;
  const close = `\n</${label} id="${open[1]}">`;
  const end = text.indexOf(close, open.index);
  return end === -1 ? undefined : text.slice(open.index + open[0].length, end);
}
