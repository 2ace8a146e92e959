import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { TDataScope, TDataVersions } from '../lib/data-versions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep this GET route's 200 replies, per signed-in person and query, until the data under them
     * changes: 'school' for a reply built from the person's school alone, 'platform' for one built
     * from every school's (the owner's lists). The route's own onRequest hooks (authentication)
     * still run first on every request.
     */
    replyCache?: 'school' | 'platform';
  }
  interface FastifyRequest {
    /** Set by the reply cache on a route that keeps replies. */
    replyCacheFill: TFill | null;
  }
  interface FastifyInstance {
    /** The kept replies (tests and metrics read its counts). */
    replyCache: ReplyStore;
  }
}

type TFill = {
  key: string;
  scope: TDataScope;
  since: number;
  hit: boolean;
  /** This request builds the reply others with the same key wait for. */
  flight?: TFlight;
};
type TFlight = {
  since: number;
  done: Promise<TEntry | null>;
  finish: (entry: TEntry | null) => void;
};
/**
 * A kept reply. Its body is kept as the bytes sent: a hit is written as it is, with no UTF-8 encoding
 * (nor a pass to count the bytes for its content-length) on every request (issue 14).
 */
type TEntry = { body: Buffer; type: string; since: number; scope: TDataScope; expires: number };

export type TReplyCacheOptions = {
  versions: TDataVersions;
  /** Bytes of kept replies at most (least recently used go first). */
  maxBytes?: number;
  /** A safety net: a reply is rebuilt after this long even when no change was announced. */
  maxAgeMs?: number;
};

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_AGE_MS = 5 * 60_000;
/** Replies larger than this are not kept (a list page is ~10 KB, a submission's details a few). */
const MAX_ENTRY_LENGTH = 1024 * 1024;
/** How long a request waits for the same reply being built by another before building its own. */
const WAIT_FOR_FLIGHT_MS = 2_000;

/** A least-recently-used map of serialised replies bounded by their total size in bytes. */
export class ReplyStore {
  private readonly entries = new Map<string, TEntry>();
  private bytes = 0;
  /** Replies served from here, and replies built because none was kept (or it was stale). */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The entry, moved to the most recently used end. */
  get(key: string): TEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: TEntry): void {
    this.delete(key);
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.body.length;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}

/** Who asks, what route (path as sent) and the parsed query with its keys in order. */
function keyOf(request: FastifyRequest): string | null {
  const auth = request.auth;
  if (!auth) return null;
  const path = request.url.split('?', 1)[0] ?? '';
  const query = request.query as Record<string, unknown> | undefined;
  const ordered = query
    ? Object.keys(query)
        .sort()
        .map((k) => [k, query[k]])
    : [];
  return `${auth.userId}\u0000${auth.role}\u0000${auth.schoolId ?? ''}\u0000${path}\u0000${JSON.stringify(ordered)}`;
}

/**
 * Issue 14: repeated reads of dashboards, lists and details answered from memory. A kept reply is
 * served only to the person (and role) it was built for, for the same path and query, and only while
 * `versions` says nothing in its school (or, for the owner's lists, in any school) changed since the
 * reads it was built from began. Register before the routes (it hooks routes as they are added).
 */
export function registerReplyCache(app: FastifyInstance, options: TReplyCacheOptions): ReplyStore {
  const { versions } = options;
  const store = new ReplyStore(options.maxBytes ?? DEFAULT_MAX_BYTES);
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const flights = new Map<string, TFlight>();
  const waitFor = (done: Promise<TEntry | null>) =>
    new Promise<TEntry | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), WAIT_FOR_FLIGHT_MS);
      void done.then((entry) => {
        clearTimeout(timer);
        resolve(entry);
      });
    });
  app.decorateRequest('replyCacheFill', null);
  app.decorate('replyCache', store);

  const lookup: onRequestHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || !versions.isLive()) return;
    const kind = request.routeOptions.config.replyCache;
    const key = keyOf(request);
    if (!kind || key === null || !request.auth) return;
    let scope: TDataScope;
    if (kind === 'platform') scope = { kind: 'platform' };
    else if (request.auth.schoolId) scope = { kind: 'school', schoolId: request.auth.schoolId };
    else return;
    const entry = store.get(key);
    if (entry) {
      if (entry.expires > Date.now() && versions.isUnchangedSince(entry.scope, entry.since)) {
        request.replyCacheFill = { key, scope, since: entry.since, hit: true };
        store.counts.hits += 1;
        return reply.code(200).type(entry.type).send(entry.body);
      }
      store.delete(key);
    }
    // The same reply is being built for the same person from reads that began after the last change:
    // wait for it rather than run the same queries again (64 at once when a busy list goes stale).
    const flight = flights.get(key);
    if (flight && versions.isUnchangedSince(scope, flight.since)) {
      const built = await waitFor(flight.done);
      if (built && versions.isUnchangedSince(scope, built.since)) {
        request.replyCacheFill = { key, scope, since: built.since, hit: true };
        store.counts.hits += 1;
        return reply.code(200).type(built.type).send(built.body);
      }
    }
    store.counts.misses += 1;
    // Recorded before the handler's reads: a change seen after this moment makes the reply stale.
    const since = versions.current();
    request.replyCacheFill = { key, scope, since, hit: false };
    if (!flights.has(key)) {
      let finish: (entry: TEntry | null) => void = () => undefined;
      const done = new Promise<TEntry | null>((resolve) => {
        finish = resolve;
      });
      const mine: TFlight = { since, done, finish };
      flights.set(key, mine);
      request.replyCacheFill.flight = mine;
    }
    return undefined;
  };

  /** Ends this request's flight (whatever its outcome), so nobody waits on it any longer. */
  const land = (request: FastifyRequest, entry: TEntry | null) => {
    const fill = request.replyCacheFill;
    const flight = fill?.flight;
    if (!fill || !flight) return;
    delete fill.flight;
    if (flights.get(fill.key) === flight) flights.delete(fill.key);
    flight.finish(entry);
  };

  const keep: onSendHookHandler = (request, reply, payload, done) => {
    const fill = request.replyCacheFill;
    if (
      fill &&
      !fill.hit &&
      reply.statusCode === 200 &&
      typeof payload === 'string' &&
      payload.length <= MAX_ENTRY_LENGTH &&
      versions.isLive() &&
      versions.isUnchangedSince(fill.scope, fill.since)
    ) {
      const type = reply.getHeader('content-type');
      // Its own memory, not a slice of Node's shared pool, which a long-kept entry would hold on to.
      const body = Buffer.allocUnsafeSlow(Buffer.byteLength(payload));
      body.write(payload);
      const entry: TEntry = {
        body,
        type: typeof type === 'string' ? type : 'application/json; charset=utf-8',
        since: fill.since,
        scope: fill.scope,
        expires: Date.now() + maxAgeMs,
      };
      store.set(fill.key, entry);
      land(request, entry);
    } else {
      land(request, null);
    }
    done(null, payload);
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.replyCache) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((m) => m === 'GET' || m === 'HEAD')) {
      throw new Error(`replyCache is for GET routes only (${route.url})`);
    }
    const before = route.onRequest ?? [];
    route.onRequest = [...(Array.isArray(before) ? before : [before]), lookup];
    const sending = route.onSend ?? [];
    route.onSend = [...(Array.isArray(sending) ? sending : [sending]), keep];
  });
  // A request that ends without a reply (the client went away) must not keep others waiting.
  app.addHook('onResponse', (request, _reply, done) => {
    land(request, null);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    land(request, null);
    done();
  });
  app.addHook('onClose', async () => store.clear());
  return store;
}
