import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small HTTP server speaking Stripe's wire format (form-encoded requests with bracketed keys, JSON
 * objects with `object` fields, `list` envelopes, `{ error: { type, message } }` failures), enough for
 * the calls our Stripe adapter makes. Tests point STRIPE_API_BASE at it; no test calls Stripe.
 */

type TJson = Record<string, unknown>;
export type TRecordedRequest = { method: string; path: string; params: TJson };

const rid = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** `a[b][0][c]=x` into nested objects (arrays are objects keyed by index, as Stripe accepts). */
export function parseForm(body: string): TJson {
  const out: TJson = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as TJson;
    });
  }
  return out;
}

export type TFakeStripe = {
  url: string;
  requests: TRecordedRequest[];
  sessions: Map<string, TJson>;
  subscriptions: Map<string, TJson>;
  prices: Map<string, TJson>;
  promotionCodes: TJson[];
  /** The buyer pays: the session completes with a new customer and an active subscription. */
  completeSession(sessionId: string, email?: string): { customer: string; subscription: TJson };
  subscription(input: {
    customer: string;
    price: string;
    status?: string;
    periodEnd?: number;
    metadata?: TJson;
  }): TJson;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<TFakeStripe> {
  const requests: TRecordedRequest[] = [];
  const sessions = new Map<string, TJson>();
  const subscriptions = new Map<string, TJson>();
  const prices = new Map<string, TJson>();
  const promotionCodes: TJson[] = [];

  const subscription: TFakeStripe['subscription'] = (input) => {
    const id = rid('sub');
    const periodEnd = input.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86_400;
    const sub: TJson = {
      id,
      object: 'subscription',
      customer: input.customer,
      status: input.status ?? 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: Math.floor(Date.now() / 1000),
      metadata: input.metadata ?? {},
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: rid('si'),
            object: 'subscription_item',
            price: { id: input.price, object: 'price' },
            quantity: 1,
            current_period_start: periodEnd - 30 * 86_400,
            current_period_end: periodEnd,
          },
        ],
      },
    };
    subscriptions.set(id, sub);
    return sub;
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
    res.end(JSON.stringify(body));
  };
  const missing = (res: http.ServerResponse, what: string) =>
    send(res, 404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    });

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const params = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body);
      const path = url.pathname;
      requests.push({ method: req.method ?? 'GET', path, params });
      if (req.headers.authorization !== 'Bearer sk_test_fake') {
        send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
        return;
      }
      let match: RegExpExecArray | null;
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = rid('cs_test');
        const session: TJson = {
          id,
          object: 'checkout.session',
          mode: params.mode,
          status: 'open',
          payment_status: 'unpaid',
          customer: params.customer ?? null,
          customer_email: params.customer_email ?? null,
          customer_details: null,
          subscription: null,
          client_reference_id: params.client_reference_id ?? null,
          metadata: params.metadata ?? {},
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        send(res, 200, session);
      } else if (
        req.method === 'GET' &&
        (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))
      ) {
        const session = sessions.get(match[1] ?? '');
        if (session) send(res, 200, session);
        else missing(res, 'checkout.session');
      } else if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
        const sub = subscriptions.get(match[1] ?? '');
        if (!sub) return missing(res, 'subscription');
        if (req.method === 'POST' && params.cancel_at_period_end === 'true') {
          sub.cancel_at_period_end = true;
        }
        send(res, 200, sub);
      } else if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        send(res, 200, {
          id: rid('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.test/p/session/${String(params.customer)}`,
        });
      } else if (req.method === 'GET' && path === '/v1/promotion_codes') {
        const data = promotionCodes.filter((p) => p.code === params.code && p.active === true);
        send(res, 200, { object: 'list', data, has_more: false, url: '/v1/promotion_codes' });
      } else if (req.method === 'GET' && (match = /^\/v1\/prices\/([^/]+)$/.exec(path))) {
        const price = prices.get(match[1] ?? '');
        if (price) send(res, 200, price);
        else missing(res, 'price');
      } else {
        missing(res, `route ${req.method} ${path}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    prices,
    promotionCodes,
    subscription,
    completeSession(sessionId, email) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customer = (session.customer as string | null) ?? rid('cus');
      const lineItems = requests.find(
        (r) => r.path === '/v1/checkout/sessions' && r.params.success_url === session.success_url,
      )?.params.line_items as Record<string, { price: string }> | undefined;
      const sub = subscription({
        customer,
        price: lineItems?.['0']?.price ?? 'price_unknown',
        metadata: session.metadata as TJson,
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        customer,
        subscription: sub.id,
        customer_details: { email: email ?? session.customer_email },
      });
      return { customer, subscription: sub };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const signer = new Stripe('sk_test_fake');

/** A webhook delivery exactly as Stripe sends it: the event JSON and its Stripe-Signature header. */
export function signedEvent(
  secret: string,
  type: string,
  object: TJson,
  options: { id?: string; timestamp?: number } = {},
): { payload: string; headers: Record<string, string>; id: string } {
  const id = options.id ?? rid('evt');
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return {
    payload,
    id,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  };
}

/** An invoice of a subscription, as Stripe's API version of the SDK shapes it. */
export function invoiceObject(input: {
  customer: string;
  subscription: string;
  price: string;
  amount: number;
  status: 'paid' | 'open';
}): TJson {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: rid('in'),
    object: 'invoice',
    customer: input.customer,
    amount_due: input.amount,
    amount_paid: input.status === 'paid' ? input.amount : 0,
    currency: 'gbp',
    status: input.status,
    created: now,
    description: null,
    status_transitions: { paid_at: input.status === 'paid' ? now : null },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: input.subscription, metadata: {} },
    },
    lines: {
      object: 'list',
      has_more: false,
      url: '/v1/invoices/lines',
      data: [
        {
          id: rid('il'),
          object: 'line_item',
          description: '1 × Personal Learning Plan (at £4.99 / month)',
          pricing: {
            type: 'price_details',
            price_details: { price: input.price, product: 'prod_1' },
          },
        },
      ],
    },
  };
}
