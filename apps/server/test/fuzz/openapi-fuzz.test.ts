import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchool, buildUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { seedClassroom, toWellFormed } from './fuzz-world';

/**
 * A schema-driven fuzz of the whole API (issue 16): for every operation the server's own OpenAPI
 * document lists (routes added later included) and every role, hostile path ids, queries and bodies:
 * NUL and other control characters, lone surrogates, 100 KB strings, numbers at and past every bound,
 * wrong types, missing and extra fields, and for multipart routes truncated and malformed bodies.
 * Every reply must be a 4xx or 2xx (never a 5xx) and come (no hang), a 4xx must say what is wrong (a
 * message; a VALIDATION error names its field), and the app must answer /readyz afterwards.
 *
 * FUZZ_SEED (default 16) and FUZZ_SECONDS (default 40) change the seed and the time budget of the
 * random part (the first pass, every operation as every role, always runs whole):
 *   FUZZ_SEED=$RANDOM FUZZ_SECONDS=600 npx vitest run apps/server/test/fuzz
 * With TEST_DATABASE_URL set it runs on PostgreSQL, as in CI.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 16);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 40);
/** A reply later than this counts as a hang: generous, as a busy machine is slow (no speed target). */
const HANG_MS = 60_000;
/** FUZZ_DEBUG=<operationId>: print that operation's requests and replies. */
const DEBUG = process.env.FUZZ_DEBUG;

type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | TJsonSchema;
};
type TParameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: TJsonSchema;
};
type TOperation = {
  method: string;
  path: string;
  id: string;
  parameters: TParameter[];
  json?: TJsonSchema;
  multipart: boolean;
};

const ROLES = ['none', 'student', 'teacher', 'admin', 'owner', 'forged'] as const;
type TRole = (typeof ROLES)[number];

/* ---------- hostile values ---------- */

/** `arbitrary` now and then (one time in `oneIn`), else null. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number): fc.Arbitrary<T | null> =>
  fc.oneof(
    { weight: oneIn - 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: arbitrary },
  );

const CONTROL = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
);
const SURROGATE = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d');
const HUGE = fc.constantFrom(
  'a'.repeat(100_000),
  'é'.repeat(50_000),
  '😀'.repeat(25_000),
  `${'x'.repeat(99_999)}\u0000`,
);
const ODD = fc.constantFrom(
  '',
  ' ',
  '\t\r\n',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  "'; drop table users; --",
  '%00',
  '../../etc/passwd',
  '{"$gt":""}',
  '9'.repeat(40),
  '-1',
  '1e309',
  '0x7fffffff',
  'ＡＢＣ',
  '\u202e',
  '\ufeff',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
);

/** A string that may hold any of the above inside ordinary text. */
const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: ODD },
  { weight: 1, arbitrary: HUGE },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.string({ maxLength: 10 }),
        fc.oneof(CONTROL, SURROGATE),
        fc.string({ maxLength: 10 }),
      )
      .map(([a, bad, b]) => `${a}${bad}${b}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

const boundaryNumbers = (schema: TJsonSchema): number[] => {
  const out = [
    0,
    -1,
    1,
    0.5,
    -0.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 63),
    1e308,
  ];
  for (const bound of [
    schema.minimum,
    schema.maximum,
    schema.exclusiveMinimum,
    schema.exclusiveMaximum,
  ]) {
    if (typeof bound === 'number' && Number.isFinite(bound))
      out.push(bound, bound - 1, bound + 1, bound + 0.5);
  }
  return out;
};

const wrongType: fc.Arbitrary<unknown> = fc.constantFrom(
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53,
  '',
  'x',
  [],
  [null],
  {},
  { nested: { deeper: [1, 'two'] } },
);

/** A value for `schema`: mostly shaped like it, often broken in one of the ways above. */
function valueFor(
  schema: TJsonSchema | undefined,
  world: TWorld,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.oneof(wrongType, nastyString);
  const shaped = shapedValueFor(schema, world, depth);
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

function shapedValueFor(schema: TJsonSchema, world: TWorld, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, world, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0], world, depth + 1);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), nastyString);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), nastyString);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, world);
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.constantFrom(...boundaryNumbers(schema)),
        fc.integer({ min: -1000, max: 1000 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom('1', '100', '1e3', ' 5 ', '0x10'),
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, 1));
    case 'array':
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.array(valueFor(schema.items, world, depth + 1), { maxLength: 4 }),
        },
        {
          weight: 1,
          arbitrary: fc.constant(null).map(() => {
            // Past maxItems (or plainly many) of a well-formed item.
            const n = Math.min((schema.maxItems ?? 500) + 1, 2_000);
            return Array.from({ length: n }, () => world.pick());
          }),
        },
      );
    case 'object':
    default:
      return objectFor(schema, world, depth);
  }
}

function stringFor(schema: TJsonSchema, world: TWorld): fc.Arbitrary<string> {
  const sensible: fc.Arbitrary<string>[] = [];
  if (schema.format === 'uuid') sensible.push(fc.constantFrom(...world.ids), fc.uuid());
  if (schema.format === 'email') sensible.push(fc.constantFrom(...world.emails), fc.emailAddress());
  if (schema.format === 'date-time')
    sensible.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
  if (schema.maxLength !== undefined) {
    sensible.push(fc.constantFrom('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1)));
  }
  sensible.push(fc.constantFrom(...world.codes), fc.string({ minLength: 1, maxLength: 30 }));
  return fc.oneof(
    { weight: 3, arbitrary: fc.oneof(...sensible) },
    { weight: 3, arbitrary: nastyString },
  );
}

function objectFor(schema: TJsonSchema, world: TWorld, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const keys = Object.keys(properties);
  const fields = fc.record(
    Object.fromEntries(keys.map((k) => [k, valueFor(properties[k], world, depth + 1)])),
  );
  return fc
    .tuple(
      fields,
      // Which fields to drop (required ones included: missing fields) ...
      fc.array(fc.constantFrom(...(keys.length ? keys : ['x'])), { maxLength: 2 }),
      // ... and which to add (extra fields, odd names included).
      sometimes(fc.tuple(fc.oneof(fc.string({ maxLength: 12 }), ODD, CONTROL), nastyString), 4),
      fc.nat({ max: 9 }),
    )
    .map(([record, drop, extra, dice]) => {
      // Most requests keep the required fields, so the deeper checks are reached too.
      const dropped = new Set(dice < 3 ? drop.filter((k) => !required.has(k) || dice === 0) : []);
      const value: Record<string, unknown> = Object.fromEntries(
        Object.entries(record).filter(([k]) => !dropped.has(k)),
      );
      if (extra) value[extra[0]] = extra[1];
      return value;
    });
}

/**
 * A value the schema accepts (as far as the document can say): formats, lengths, bounds and enums
 * kept, ids and codes taken from the world. The fuzz then breaks one place of it, so the hostile part
 * travels past the other checks to the service and the database.
 */
function validFor(
  schema: TJsonSchema | undefined,
  world: TWorld,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant('x');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validFor(v, world, depth + 1)));
  if (schema.allOf?.length) return validFor(schema.allOf[0], world, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.constantFrom(...world.ids);
      if (schema.format === 'email') {
        return fc.oneof(
          fc.constantFrom(...world.emails),
          fc.nat().map((n) => `fuzz.${n}.${randomUUID().slice(0, 8)}@example.com`),
        );
      }
      if (schema.pattern) {
        const pattern = new RegExp(schema.pattern);
        const known = [...world.codes, ...world.ids].filter((c) => pattern.test(c));
        if (known.length) return fc.constantFrom(...known);
      }
      const min = schema.minLength ?? 0;
      const max = Math.min(schema.maxLength ?? min + 40, min + 40);
      return fc
        .oneof(
          fc.constantFrom(...world.codes).filter((c) => c.length >= min && c.length <= max),
          fc.stringMatching(/^[A-Za-z0-9 .,-]+$/, { size: 'small' }),
        )
        .map((v) => (v.length < min ? v.padEnd(min, 'a') : v.slice(0, Math.max(max, min))));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? min + 101) - 1;
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(validFor(schema.items, world, depth + 1), {
        minLength: min,
        maxLength: Math.min(schema.maxItems ?? min + 2, min + 2),
      });
    }
    default: {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([k, v]) => [k, validFor(v, world, depth + 1)]),
        ),
        { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) },
      );
    }
  }
}

/** Every place of a JSON value, as a path of keys and indexes ([] is the value itself). */
function placesOf(value: unknown, path: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => placesOf(v, [...path, i], out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) placesOf(v, [...path, k], out);
  }
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, next) : v));
  const record = { ...(value as Record<string, unknown>) };
  record[head] = replaceAt(record[head], rest, next);
  return record;
}

/** A hostile stand-in for `current`: the same text with a control character or a lone surrogate
 * inside, a huge or odd string, a number at or past a bound, or another type. */
const hostileFor = (current: unknown): fc.Arbitrary<unknown> =>
  typeof current === 'string'
    ? fc.oneof(
        {
          weight: 4,
          arbitrary: fc.tuple(fc.nat(), fc.oneof(CONTROL, SURROGATE)).map(([at, bad]) => {
            const cut = current.length ? at % current.length : 0;
            return `${current.slice(0, cut)}${bad}${current.slice(cut)}`;
          }),
        },
        { weight: 2, arbitrary: nastyString },
        { weight: 1, arbitrary: wrongType },
      )
    : typeof current === 'number'
      ? fc.oneof(fc.constantFrom(...boundaryNumbers({}), current + 1, -current), wrongType)
      : fc.oneof(wrongType, nastyString);

/** A valid body with one place broken (or, now and then, a field dropped or one added). */
function mutatedFor(schema: TJsonSchema, world: TWorld): fc.Arbitrary<unknown> {
  return validFor(schema, world).chain((base) => {
    const places = placesOf(base);
    return fc.nat({ max: places.length - 1 }).chain((i) => {
      const place = places[i] ?? [];
      const current = place.reduce<unknown>(
        (v, key) => (v as Record<string | number, unknown> | undefined)?.[key],
        base,
      );
      return fc.oneof(
        { weight: 6, arbitrary: hostileFor(current).map((bad) => replaceAt(base, place, bad)) },
        { weight: 1, arbitrary: fc.constant(base) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.oneof(fc.string({ maxLength: 12 }), ODD, CONTROL), nastyString)
            .map(([k, v]) =>
              base && typeof base === 'object' && !Array.isArray(base) ? { ...base, [k]: v } : base,
            ),
        },
      );
    });
  });
}

/* ---------- the world the requests point at ---------- */

type TWorld = {
  ids: string[];
  emails: string[];
  codes: string[];
  tokens: Record<TRole, string | undefined>;
  pick: () => string;
};

function pathValue(param: TParameter, world: TWorld): fc.Arbitrary<string> {
  const schema = param.schema ?? {};
  const listed = schema.enum?.filter((v): v is string => typeof v === 'string') ?? [];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...world.ids) },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: listed.length ? 3 : 0,
      arbitrary: fc.constantFrom(...(listed.length ? listed : ['x'])),
    },
    { weight: 2, arbitrary: nastyString.map((s) => s.slice(0, 300)) },
    { weight: 1, arbitrary: fc.constantFrom('', '.', '..', '%', '%zz', '%00', 'a/b', '?', '#') },
  );
}

/** Turns a path value into URL text; values that are not valid URI text go raw, as an attacker sends. */
function encodePathValue(value: string, raw: boolean): string {
  if (raw) return value.replace(/[/?#\s]/g, '');
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be encoded: send its UTF-8 replacement bytes' escapes instead.
    return encodeURIComponent(toWellFormed(value));
  }
}

/* ---------- multipart bodies ---------- */

const BOUNDARY = '----stemFuzzBoundary';
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const multipartBody = fc
  .record({
    kind: fc.constantFrom(
      'truncated',
      'noBoundary',
      'wrongBoundary',
      'brokenHeader',
      'empty',
      'noFile',
      'twoFiles',
      'randomBytes',
      'json',
      'textPlain',
      'hugeHeader',
    ),
    bytes: fc.uint8Array({ maxLength: 256 }),
    cut: fc.nat({ max: 200 }),
    field: fc.constantFrom('file', 'logo', 'files', '', '\u0000', 'file\r\nX-Evil: 1'),
  })
  .map(({ kind, bytes, cut, field }) => {
    const part = (name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        content,
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${BOUNDARY}--\r\n`);
    const content = Buffer.concat([PNG_HEAD, Buffer.from(bytes)]);
    const withBoundary = `multipart/form-data; boundary=${BOUNDARY}`;
    const whole = Buffer.concat([part(field, content), end]);
    switch (kind) {
      case 'truncated':
        return {
          contentType: withBoundary,
          payload: whole.subarray(0, Math.min(cut, whole.length - 5)),
        };
      case 'noBoundary':
        return { contentType: 'multipart/form-data', payload: whole };
      case 'wrongBoundary':
        return { contentType: 'multipart/form-data; boundary=other', payload: whole };
      case 'brokenHeader':
        return {
          contentType: withBoundary,
          payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
        };
      case 'empty':
        return { contentType: withBoundary, payload: Buffer.alloc(0) };
      case 'noFile':
        return { contentType: withBoundary, payload: end };
      case 'twoFiles':
        return {
          contentType: withBoundary,
          payload: Buffer.concat([part('file', content), part('file', content), end]),
        };
      case 'json':
        return { contentType: 'application/json', payload: Buffer.from('{"file":"abc"}') };
      case 'textPlain':
        return { contentType: 'text/plain', payload: Buffer.from(bytes) };
      case 'hugeHeader':
        return {
          contentType: withBoundary,
          payload: Buffer.concat([
            Buffer.from(`--${BOUNDARY}\r\nX: ${'h'.repeat(100_000)}\r\n`),
            end,
          ]),
        };
      default:
        return {
          contentType: withBoundary,
          payload: Buffer.concat([part(field, Buffer.from(bytes)), end]),
        };
    }
  });

/* ---------- requests ---------- */

type TRequest = { role: TRole; options: InjectOptions; describe: string };

function requestFor(op: TOperation, world: TWorld): fc.Arbitrary<TRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  return fc
    .record({
      role: fc.constantFrom(...ROLES),
      path: fc.tuple(...pathParams.map((p) => pathValue(p, world)), fc.constant('')),
      rawPath: fc.boolean(),
      query: fc.record(
        Object.fromEntries(
          queryParams.map((p) => [p.name, fc.option(valueFor(p.schema, world), { freq: 4 })]),
        ),
      ),
      extraQuery: sometimes(fc.tuple(fc.string({ maxLength: 8 }), nastyString), 6),
      body: op.json
        ? fc.oneof(
            { weight: 3, arbitrary: mutatedFor(op.json, world) },
            { weight: 1, arbitrary: valueFor(op.json, world) },
          )
        : fc.constant(undefined),
      rawBody: sometimes(
        fc.constantFrom(
          '{',
          '{"a":',
          'nul\u0000l',
          '[]',
          '"x"',
          '1e999',
          '{"__proto__":{"x":1}}',
          'null',
        ),
        12,
      ),
      multipart: op.multipart ? multipartBody : fc.constant(undefined),
    })
    .map(({ role, path, rawPath, query, extraQuery, body, rawBody, multipart }) => {
      let url = op.path;
      pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encodePathValue(path[i] ?? '', rawPath));
      });
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value === null || value === undefined) continue;
        search.append(
          name,
          typeof value === 'string' ? toWellFormed(value) : JSON.stringify(value),
        );
      }
      if (extraQuery) search.append(toWellFormed(extraQuery[0]), toWellFormed(extraQuery[1]));
      const qs = search.toString();
      const headers: Record<string, string> = {};
      const token = world.tokens[role];
      if (token) headers.authorization = `Bearer ${token}`;
      const target = qs ? `${url}?${qs}` : url;
      const options: InjectOptions = {
        method: op.method.toUpperCase() as InjectOptions['method'],
        url: target,
        headers,
        // Each request from its own address, so rate limits do not hide the routes behind 429.
        remoteAddress: `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
      };
      if (multipart) {
        headers['content-type'] = multipart.contentType;
        options.payload = multipart.payload;
      } else if (rawBody !== null) {
        headers['content-type'] = 'application/json';
        options.payload = rawBody;
      } else if (body !== undefined && op.method !== 'get') {
        headers['content-type'] = 'application/json';
        options.payload = JSON.stringify(body);
      }
      const shown = String(options.payload ?? '').slice(0, 300);
      return {
        role,
        options,
        describe: `${op.id} as ${role}: ${options.method} ${target.slice(0, 300)} ${shown}`,
      };
    });
}

/** The same request sent as another role. */
function asRole(request: TRequest, role: TRole, world: TWorld): TRequest {
  const headers = { ...(request.options.headers as Record<string, string>) };
  delete headers.authorization;
  const token = world.tokens[role];
  if (token) headers.authorization = `Bearer ${token}`;
  return {
    role,
    options: { ...request.options, headers },
    describe: request.describe.replace(/ as \w+:/, ` as ${role}:`),
  };
}

async function send(
  t: TTestApp,
  request: TRequest,
): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no reply within 60 s: ${request.describe}`)),
      HANG_MS,
    );
  });
  try {
    const response = await Promise.race([t.app.inject(request.options), timeout]);
    return { response, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** What every reply must be: no 5xx, and a 4xx that says what is wrong. */
function checkReply(request: TRequest, response: LightMyRequestResponse): void {
  const where = `${request.describe}\n→ ${response.statusCode} ${response.body.slice(0, 500)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = JSON.parse(response.body) as { message?: unknown; code?: unknown; field?: unknown };
  expect(typeof body.message === 'string' && body.message.length > 0, where).toBe(true);
  if (body.code === 'VALIDATION') {
    expect(typeof body.field === 'string' && body.field.length > 0, where).toBe(true);
  }
  // The field's path belongs in `field`, never in the words a person reads ("answer: ...").
  if (typeof body.field === 'string' && body.field.length > 0 && typeof body.message === 'string') {
    expect(body.message.includes(`${body.field}:`), where).toBe(false);
  }
}

/* ---------- the run ---------- */

function operationsOf(document: {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        parameters?: TParameter[];
        requestBody?: { content?: Record<string, { schema?: TJsonSchema }> };
      }
    >
  >;
}): TOperation[] {
  const out: TOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      out.push({
        method,
        path,
        id: op.operationId ?? `${method} ${path}`,
        parameters: op.parameters ?? [],
        json: content['application/json']?.schema,
        multipart: Boolean(content['multipart/form-data']),
      });
    }
  }
  return out;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TTestApp;
  let world: TWorld;
  let operations: TOperation[];

  beforeAll(async () => {
    t = await buildTestApp();
    const seeded = await seedClassroom(t);
    const owner = await buildUser(t, { role: 'owner', schoolId: null });
    const other = await buildSchool(t);
    const tokens: Record<TRole, string | undefined> = {
      none: undefined,
      forged: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.invalid',
      student: (await signIn(t.app, seeded.student.email)).token,
      teacher: (await signIn(t.app, seeded.teacher.email)).token,
      admin: (await signIn(t.app, seeded.admin.email)).token,
      owner: (await signIn(t.app, owner.email)).token,
    };
    const ids = [...seeded.ids, owner.id, other.id, randomUUID()];
    world = {
      ids,
      emails: [seeded.student.email, seeded.teacher.email, owner.email, 'nobody@example.com'],
      codes: [seeded.schoolCode, other.code, 'AAAAAAAAAAAAAAAA'],
      tokens,
      pick: () => ids[Math.floor(Math.random() * ids.length)] ?? randomUUID(),
    };
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    operations = operationsOf(response.json());
  }, 120_000);
  afterAll(() => t?.close());

  it(
    `sends hostile input to every operation as every role: no 5xx, no hang (seed ${SEED}, ${SECONDS} s)`,
    async () => {
      expect(operations.length).toBeGreaterThan(40);
      const deadline = Date.now() + SECONDS * 1000;
      const stats = { requests: 0, byStatus: new Map<number, number>(), slowestMs: 0 };
      const record = (status: number, ms: number) => {
        stats.requests += 1;
        stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
        stats.slowestMs = Math.max(stats.slowestMs, ms);
      };
      const arbitraries = operations.map((op) => requestFor(op, world));

      // Roles that got past authentication and the role check, per operation: later requests go
      // mostly to them, so the hostile input reaches the services and the database.
      const admitted = operations.map(() => new Set<TRole>());
      const run = async (i: number, request: TRequest) => {
        const { response, ms } = await send(t, request);
        record(response.statusCode, ms);
        if (![401, 403].includes(response.statusCode)) admitted[i]?.add(request.role);
        if (DEBUG && request.describe.startsWith(DEBUG)) {
          console.info(response.statusCode, JSON.stringify(request.describe.slice(0, 240)));
          console.info('  →', response.body.slice(0, 200));
        }
        checkReply(request, response);
      };

      // First every operation as every role at least once (deterministic for the seed) ...
      for (const [i, arbitrary] of arbitraries.entries()) {
        const samples = fc.sample(arbitrary, { seed: SEED + i, numRuns: ROLES.length });
        for (const [r, role] of ROLES.entries()) {
          await run(i, asRole(samples[r] as TRequest, role, world));
        }
      }

      // ... then random operations (those with a body more often), roles and values until the time
      // is up.
      const weighted = operations.flatMap((op, i) => (op.json || op.multipart ? [i, i, i] : [i]));
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...weighted)
            .chain((i) =>
              fc.tuple(fc.constant(i), arbitraries[i] as fc.Arbitrary<TRequest>, fc.nat(99)),
            ),
          async ([i, request, dice]) => {
            const known = [...(admitted[i] ?? [])];
            const role = dice < 80 && known.length ? (known[dice % known.length] as TRole) : null;
            await run(i, role ? asRole(request, role, world) : request);
          },
        ),
        {
          seed: SEED,
          numRuns: Number.MAX_SAFE_INTEGER,
          interruptAfterTimeLimit: Math.max(1, deadline - Date.now()),
          endOnFailure: true,
        },
      );

      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode, ready.body).toBe(200);
      const fivexx = [...stats.byStatus].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
      console.info(
        `fuzz seed ${SEED}: ${stats.requests} requests over ${operations.length} operations × ${ROLES.length} roles, ` +
          `${fivexx} 5xx, slowest ${Math.round(stats.slowestMs)} ms, statuses ${JSON.stringify(Object.fromEntries(stats.byStatus))}`,
      );
    },
    // The first pass takes about a minute on a busy machine; the rest is the time budget.
    (SECONDS + 300) * 1000,
  );
});
