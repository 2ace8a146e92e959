import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { API_BASE } from '@stem/contract/api';

/** A request the page made, as the backend saw it. */
export type TSeenRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The Content-Type header as sent (a multipart body carries its boundary here). */
  contentType: string | undefined;
  body: unknown;
  /** The query string's parameters (routes match on the path alone). */
  query: Record<string, string>;
};

export type TReply = { status: number; body: unknown };
/** A reply at once, or one the test lets go later (to see a page while its call is under way). */
type THandler = (request: TSeenRequest) => TReply | Promise<TReply>;

type TJsdomGlobal = { jsdom?: { reconfigure: (options: { url: string }) => void } };

/**
 * A real HTTP server on 127.0.0.1 that stands in for the API in jsdom tests, so the app's own HTTP
 * layer (axios, bearer header, error handling) runs unchanged. The jsdom page's URL is moved to the
 * server, so the app's relative calls reach it. Paths are given without API_BASE.
 */
export async function startLocalBackend() {
  const routes = new Map<string, THandler>();
  const seen: TSeenRequest[] = [];

  const server: Server = createServer((req, res) => {
    // jsdom keeps the origin the page was created with, so the calls arrive cross-origin: allow them.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    void readBody(req)
      .then((raw) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const path = url.pathname.startsWith(API_BASE)
          ? url.pathname.slice(API_BASE.length)
          : url.pathname;
        const request: TSeenRequest = {
          method: req.method ?? 'GET',
          path: decodeURIComponent(path),
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body: raw ? safeJson(raw) : undefined,
          query: Object.fromEntries(url.searchParams),
        };
        seen.push(request);
        const handler = routes.get(`${request.method} ${request.path}`);
        return handler
          ? handler(request)
          : { status: 404, body: { success: false, code: 'NOT_FOUND', message: 'Not found' } };
      })
      .then((reply) => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  pointPageAt(origin);

  return {
    origin,
    seen,
    /** Answers `METHOD /path` (path under API_BASE) with a status and JSON body. */
    on(method: string, path: string, reply: TReply | THandler) {
      routes.set(`${method} ${path}`, typeof reply === 'function' ? reply : () => reply);
    },
    reset() {
      routes.clear();
      seen.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TLocalBackend = Awaited<ReturnType<typeof startLocalBackend>>;

/**
 * One local backend for the test file (or the describe block) this is called in: started before its
 * tests, closed after them, and before each test emptied of routes and requests, with the page
 * pointed back at it (a test may have moved it away). Call it before the file's own `beforeEach`,
 * which then runs after the reset. The handle it returns reaches the running backend.
 */
export function setupLocalBackend(): TLocalBackend {
  let current: TLocalBackend | undefined;
  const live = (): TLocalBackend => {
    if (!current) throw new Error('the local backend runs only while the tests do');
    return current;
  };
  beforeAll(async () => {
    current = await startLocalBackend();
  });
  afterAll(() => current?.close());
  beforeEach(() => {
    const backend = live();
    backend.reset();
    pointPageAt(backend.origin);
  });
  return {
    get origin() {
      return live().origin;
    },
    get seen() {
      return live().seen;
    },
    on: (method, path, reply) => live().on(method, path, reply),
    reset: () => live().reset(),
    close: () => live().close(),
  };
}

/** Moves the jsdom page to another origin (a closed port makes every call fail to connect). */
export function pointPageAt(origin: string): void {
  const dom = (globalThis as TJsdomGlobal).jsdom;
  if (!dom) throw new Error('local-backend needs the jsdom test environment');
  dom.reconfigure({ url: `${origin}/` });
}

/** An origin where nothing listens: a port taken from the OS, then released. */
export async function unusedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => {
      data += chunk.toString('utf8');
    });
    req.on('end', () => resolve(data));
  });
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
