import { connect } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { API_BASE } from '@stem/contract/api';
import { SCAN_PATHS, type TScanBatchDetails } from '@stem/contract/scans';
import { makePdf } from '../extraction/fixtures';
import { buildUser, signIn } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { seedClassroom } from './fuzz-world';

/**
 * Hostile files for every route that takes one (issue 13): truncated and corrupt images and PDFs, an
 * encrypted PDF, a PDF claiming a million pages, images declaring huge dimensions, SVGs with scripts,
 * event handlers, external entities and entity bombs, zero bytes, files whose name or declared type
 * lies, broken multipart bodies, and a body declaring 10 GB. Every reply must come (no hang), be
 * no 5xx, and a 4xx must say what is wrong; the app must answer /readyz afterwards. The list of file
 * routes is checked against the OpenAPI document, so a new upload route without a row here fails.
 */
/** A reply later than this counts as a hang: generous, as a busy machine is slow (no speed target). */
const HANG_MS = 60_000;

type TRoute = {
  operationId: string;
  role: 'teacher' | 'student' | 'owner' | 'admin';
  /** multipart field of the file, or 'base64' for the student's JSON body. */
  field: string;
  /** other multipart fields the form carries */
  fields?: (world: TWorld) => Record<string, string>;
  /** per-user rate limit: a fresh user every this many requests */
  perUser?: number;
  /** the path's parameters (OpenAPI's `{name}`) */
  params?: (world: TWorld) => Record<string, string>;
};

/** A scan batch of the teacher's, read, and one of its pages (for the re-scan route). */
type TWorld = { classId: string; schoolId: string; scan: { id: string; pageId: string } };

const ROUTES: TRoute[] = [
  { operationId: 'extractTextFromUpload', role: 'teacher', field: 'file', perUser: 25 },
  { operationId: 'extractTextFromImage', role: 'student', field: 'base64', perUser: 25 },
  { operationId: 'updateSchoolLogo', role: 'teacher', field: 'logo' },
  { operationId: 'uploadOwnerSchoolLogo', role: 'owner', field: 'file' },
  {
    operationId: 'createScanBatch',
    role: 'teacher',
    field: 'files',
    fields: (world) => ({ classId: world.classId }),
  },
  // Issue 29: the school admin's roster CSV (a text file: every hostile one fails its checks).
  { operationId: 'previewRoster', role: 'admin', field: 'file' },
  { operationId: 'importRoster', role: 'admin', field: 'file' },
  // Issue 28: a re-scan of one page of a read batch (a page of no sheet, so it stays the teacher's).
  {
    operationId: 'replaceScanPage',
    role: 'teacher',
    field: 'files',
    params: (world) => ({ ...world.scan }),
  },
];

/** The OpenAPI path with the route's parameters filled in. */
function pathOf(route: TRoute, path: string, world: TWorld): string {
  const params = route.params?.(world) ?? {};
  return path.replace(/\{(\w+)\}/g, (_whole, name: string) => params[name] ?? `{${name}}`);
}

/** A roster the routes take: one teacher (no plan limit on teachers), a new e-mail each time. */
let rosterCount = 0;
function validRoster(): TFile {
  rosterCount += 1;
  return {
    name: 'valid',
    bytes: Buffer.from(
      `name,email,role\nFuzz Person,fuzz.${Date.now()}.${rosterCount}@example.com,teacher\n`,
    ),
    filename: 'roster.csv',
    type: 'text/csv',
  };
}

/* ---------- hostile files ---------- */

/** A small real PNG (a school logo), made in beforeAll. */
let validPng = Buffer.alloc(0);
const validPdf = makePdf([['Friction opposes motion']]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // A wrong CRC on purpose in one file below; decoders must refuse it, not crash.
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
}

/** A PNG whose header declares width × height but whose data is tiny (a decompression bomb). */
function hugePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PDF whose trailer names a standard security handler: readers ask for a password. */
function encryptedPdf(): Buffer {
  const text = validPdf.toString('latin1');
  const encrypt = `9 0 obj\n<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> >>\nendobj\n`;
  return Buffer.from(
    text
      .replace('xref', `${encrypt}xref`)
      .replace(
        '/Root 1 0 R',
        `/Root 1 0 R /Encrypt 9 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>]`,
      ),
    'latin1',
  );
}

const svg = (body: string, attrs = 'width="200" height="100"') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`);

type TFile = { name: string; bytes: Buffer; filename: string; type: string };

const hostileFiles = (): TFile[] => [
  { name: 'zero bytes', bytes: Buffer.alloc(0), filename: 'empty.png', type: 'image/png' },
  {
    name: 'truncated PNG',
    bytes: validPng.subarray(0, 60),
    filename: 'cut.png',
    type: 'image/png',
  },
  {
    name: 'PNG with its data replaced by noise',
    bytes: Buffer.concat([validPng.subarray(0, 33), Buffer.alloc(2000, 0x5a)]),
    filename: 'noise.png',
    type: 'image/png',
  },
  {
    name: 'PNG declaring 100000 × 100000',
    bytes: hugePng(100_000, 100_000),
    filename: 'bomb.png',
    type: 'image/png',
  },
  { name: 'PNG declaring 0 × 0', bytes: hugePng(0, 0), filename: 'zero.png', type: 'image/png' },
  {
    name: 'truncated JPEG',
    bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    filename: 'cut.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'JPEG header then garbage',
    bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.alloc(4000, 0xff)]),
    filename: 'garbage.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'GIF header only',
    bytes: Buffer.from('GIF89a\x10\x00\x10\x00', 'latin1'),
    filename: 'a.gif',
    type: 'image/gif',
  },
  {
    name: 'TIFF header with a bad offset',
    bytes: Buffer.from([0x49, 0x49, 0x2a, 0x00, 0xff, 0xff, 0xff, 0x7f]),
    filename: 'a.tif',
    type: 'image/tiff',
  },
  {
    name: 'truncated PDF',
    bytes: validPdf.subarray(0, 120),
    filename: 'cut.pdf',
    type: 'application/pdf',
  },
  {
    name: 'PDF with a broken cross-reference table',
    bytes: Buffer.from(
      validPdf.toString('latin1').replace(/xref[\s\S]*$/, 'xref\ngarbage\n%%EOF'),
      'latin1',
    ),
    filename: 'xref.pdf',
    type: 'application/pdf',
  },
  { name: 'encrypted PDF', bytes: encryptedPdf(), filename: 'locked.pdf', type: 'application/pdf' },
  {
    name: 'PDF claiming a million pages',
    bytes: Buffer.from(validPdf.toString('latin1').replace('/Count 1', '/Count 1000000'), 'latin1'),
    filename: 'many.pdf',
    type: 'application/pdf',
  },
  {
    name: 'SVG with a script',
    bytes: svg('<script>alert(1)</script><text y="50">hi</text>'),
    filename: 'x.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'SVG with an onload handler',
    bytes: svg('<rect width="10" height="10"/>', 'width="20" height="20" onload="alert(1)"'),
    filename: 'x.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'SVG with an external entity',
    bytes: Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text y="20">&x;</text></svg>',
    ),
    filename: 'xxe.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'SVG entity bomb',
    bytes: Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 8 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('')}]><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text y="20">&i;</text></svg>`,
    ),
    filename: 'bomb.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'SVG declaring 100000 × 100000',
    bytes: svg('<rect width="10" height="10"/>', 'width="100000" height="100000"'),
    filename: 'big.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'SVG linking a remote image',
    bytes: svg('<image href="http://127.0.0.1:9/x.png" width="10" height="10"/>'),
    filename: 'remote.svg',
    type: 'image/svg+xml',
  },
  {
    name: 'text named .png',
    bytes: Buffer.from('just some text, not an image'),
    filename: 'fake.png',
    type: 'image/png',
  },
  {
    name: 'HTML declared as JPEG',
    bytes: Buffer.from('<html><script>alert(1)</script></html>'),
    filename: 'page.jpg',
    type: 'image/jpeg',
  },
  {
    name: 'ZIP named .pdf',
    bytes: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200, 1)]),
    filename: 'a.pdf',
    type: 'application/pdf',
  },
  {
    name: 'valid PNG declared as a PDF',
    bytes: validPng,
    filename: 'photo.pdf',
    type: 'application/pdf',
  },
  {
    name: 'random bytes',
    bytes: Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 251)),
    filename: 'r.bin',
    type: 'application/octet-stream',
  },
];

/* ---------- requests ---------- */

const BOUNDARY = '----stemUploadFuzz';

function multipart(parts: { name: string; value: string | TFile }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if (typeof part.value === 'string') {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.value.filename}"\r\nContent-Type: ${part.value.type}\r\n\r\n`,
        ),
        part.value.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

type TVariant = 'as sent' | 'octet-stream part' | 'cut body' | 'no boundary' | 'JSON content type';

function requestFor(
  route: TRoute,
  url: string,
  file: TFile,
  variant: TVariant,
  world: TWorld,
): InjectOptions {
  if (route.field === 'base64') {
    const image =
      variant === 'cut body'
        ? `${file.bytes.toString('base64')}!!not base64`
        : variant === 'no boundary'
          ? `data:${file.type};base64,${file.bytes.toString('base64')}`
          : file.bytes.toString('base64');
    return {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: variant === 'JSON content type' ? '{"image": ' : JSON.stringify({ image }),
    };
  }
  const extra = Object.entries(route.fields?.(world) ?? {}).map(([name, value]) => ({
    name,
    value,
  }));
  const sent =
    variant === 'octet-stream part' ? { ...file, type: 'application/octet-stream' } : file;
  let body = multipart([...extra, { name: route.field, value: sent }]);
  if (variant === 'cut body') body = body.subarray(0, Math.max(1, body.length - 40));
  const contentType =
    variant === 'no boundary'
      ? 'multipart/form-data'
      : variant === 'JSON content type'
        ? 'application/json'
        : `multipart/form-data; boundary=${BOUNDARY}`;
  return { method: 'POST', url, headers: { 'content-type': contentType }, payload: body };
}

/**
 * Files that are readable after all, and may be taken: a real PNG whatever its declared type (types
 * are judged by content), and a PDF whose page count lies (its real page tree has one page).
 */
const READABLE = new Set(['valid PNG declared as a PDF', 'PDF claiming a million pages']);

const REASON_PHRASES = new Set([
  'Bad Request',
  'Unsupported Media Type',
  'Payload Too Large',
  'Unprocessable Entity',
]);

function checkReply(where: string, response: LightMyRequestResponse): void {
  const said = `${where}\n→ ${response.statusCode} ${response.body.slice(0, 400)}`;
  expect(response.statusCode, said).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = JSON.parse(response.body) as { message?: unknown; code?: unknown; field?: unknown };
  expect(typeof body.message === 'string' && body.message.trim().length > 0, said).toBe(true);
  expect(REASON_PHRASES.has(String(body.message)), said).toBe(false);
  if (body.code === 'VALIDATION') {
    expect(typeof body.field === 'string' && body.field.length > 0, said).toBe(true);
  }
}

describe('hostile files for every route that takes one', () => {
  let t: TTestApp;
  let FILES: TFile[] = [];
  let world: TWorld;
  let schoolId: string;
  let urls: Map<string, string>;
  const sessions = new Map<string, { token: string; used: number }>();
  let owner: string;
  let teacher: string;
  let admin: string;

  /** Uploads a one-page stack of no sheet as the teacher and waits until it is read. */
  async function readScanBatch(classId: string): Promise<{ id: string; pageId: string }> {
    const batches = `${API_BASE}${SCAN_PATHS.batches}`;
    const route = ROUTES.find((r) => r.operationId === 'createScanBatch') as TRoute;
    const file: TFile = {
      name: 'valid',
      bytes: validPdf,
      filename: 'stack.pdf',
      type: 'application/pdf',
    };
    const upload = requestFor(route, batches, file, 'as sent', {
      classId,
      schoolId,
      scan: { id: '', pageId: '' },
    });
    const sent = await t.app.inject({
      ...upload,
      headers: {
        ...(upload.headers as Record<string, string>),
        authorization: `Bearer ${teacher}`,
      },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const id = sent.json<{ data: { batchId: string } }>().data.batchId;
    for (;;) {
      const reply = await t.app.inject({
        method: 'GET',
        url: `${batches}/${id}`,
        headers: { authorization: `Bearer ${teacher}` },
      });
      const batch = reply.json<{ data: TScanBatchDetails }>().data;
      const page = batch.pages[0];
      if (batch.status === 'done' && page) return { id, pageId: page.id };
      if (batch.status === 'failed')
        throw new Error(`the fuzz world's batch failed: ${reply.body}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    validPng = await sharp({
      create: { width: 120, height: 60, channels: 3, background: '#2a5d9f' },
    })
      .png()
      .toBuffer();
    FILES = hostileFiles();
    t = await buildTestApp();
    const seeded = await seedClassroom(t);
    schoolId = seeded.ids[0] as string;
    teacher = (await signIn(t.app, seeded.teacher.email)).token;
    const classId = seeded.ids[5] as string;
    world = { classId, schoolId, scan: await readScanBatch(classId) };
    const ownerUser = await buildUser(t, { role: 'owner', schoolId: null });
    owner = (await signIn(t.app, ownerUser.email)).token;
    const adminUser = await buildUser(t, { role: 'admin', schoolId });
    admin = (await signIn(t.app, adminUser.email)).token;
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            operationId?: string;
            requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
          }
        >
      >;
    }>();
    urls = new Map();
    const fileRoutes: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const op of Object.values(item)) {
        if (!op.operationId) continue;
        urls.set(op.operationId, path);
        const content = op.requestBody?.content ?? {};
        const jsonProps = Object.keys(content['application/json']?.schema?.properties ?? {});
        if (content['multipart/form-data'] || jsonProps.includes('image')) {
          fileRoutes.push(op.operationId);
        }
      }
    }
    // Every route that takes a file has a row above (a new one fails here until it has).
    expect(fileRoutes.sort()).toEqual(ROUTES.map((r) => r.operationId).sort());
  }, 120_000);
  afterAll(() => t?.close());

  /** The caller's token: a fresh account of the role once one nears its per-user rate limit. */
  async function tokenFor(route: TRoute): Promise<string> {
    if (route.role === 'owner') return owner;
    if (route.role === 'admin') return admin;
    if (!route.perUser) return teacher;
    const current = sessions.get(route.operationId);
    if (current && current.used < route.perUser) {
      current.used += 1;
      return current.token;
    }
    const user = await buildUser(t, { role: route.role, schoolId });
    const session = { token: (await signIn(t.app, user.email)).token, used: 1 };
    sessions.set(route.operationId, session);
    return session.token;
  }

  async function send(route: TRoute, options: InjectOptions, where: string) {
    const token = await tokenFor(route);
    const headers = {
      ...(options.headers as Record<string, string>),
      authorization: `Bearer ${token}`,
    };
    let timer: NodeJS.Timeout | undefined;
    const started = performance.now();
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no reply within 60 s: ${where}`)), HANG_MS);
    });
    try {
      const response = await Promise.race([t.app.inject({ ...options, headers }), timeout]);
      return { response, ms: performance.now() - started };
    } finally {
      clearTimeout(timer);
    }
  }

  for (const route of ROUTES) {
    it(`${route.operationId}: a valid file is taken, and every hostile one is refused with a reason (no 5xx, no hang)`, async () => {
      const url = pathOf(route, urls.get(route.operationId) as string, world);
      const valid: TFile = route.operationId.includes('Roster')
        ? validRoster()
        : route.operationId === 'uploadOwnerSchoolLogo' || route.operationId === 'updateSchoolLogo'
          ? { name: 'valid', bytes: validPng, filename: 'logo.png', type: 'image/png' }
          : { name: 'valid', bytes: validPdf, filename: 'work.pdf', type: 'application/pdf' };
      const ok = await send(route, requestFor(route, url, valid, 'as sent', world), 'valid file');
      // The files reach the checks: the caller may use the route.
      expect(ok.response.statusCode, ok.response.body).toBeLessThan(300);

      const statuses = new Map<number, number>();
      let slowest = 0;
      const variants: TVariant[] = [
        'as sent',
        'octet-stream part',
        'cut body',
        'no boundary',
        'JSON content type',
      ];
      for (const file of FILES) {
        for (const variant of variants) {
          const where = `${route.operationId}: ${file.name}, ${variant}`;
          const { response, ms } = await send(
            route,
            requestFor(route, url, file, variant, world),
            where,
          );
          slowest = Math.max(slowest, ms);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          checkReply(where, response);
          // A file that is not what it must be is never taken, whatever its name or declared type.
          if (variant === 'as sent' && !READABLE.has(file.name)) {
            const logo = route.operationId.includes('Logo');
            const harmlessSvg = logo && /^SVG (with|linking|declaring)/.test(file.name);
            if (!harmlessSvg)
              expect(response.statusCode, `${where}: ${response.body}`).toBeGreaterThanOrEqual(400);
          }
        }
      }
      console.info(
        `${route.operationId}: ${FILES.length * variants.length} hostile uploads, statuses ${JSON.stringify(Object.fromEntries(statuses))}, slowest ${Math.round(slowest)} ms`,
      );
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    }, 240_000);
  }

  it('refuses at once a body that declares 10 GB, on every file route (a real socket)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    for (const route of ROUTES) {
      const url = pathOf(route, urls.get(route.operationId) as string, world);
      const token = await tokenFor(route);
      const contentType =
        route.field === 'base64' ? 'application/json' : `multipart/form-data; boundary=${BOUNDARY}`;
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        let data = '';
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`${route.operationId}: no reply within 60 s to a 10 GB declaration`));
        }, HANG_MS);
        socket.on('data', (chunk) => {
          data += chunk.toString('latin1');
          if (data.includes('\r\n\r\n') && /\}\s*$/.test(data)) {
            clearTimeout(timer);
            socket.destroy();
            resolve(data);
          }
        });
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(data);
        });
        socket.write(
          `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: 10737418240\r\n\r\n--${BOUNDARY}\r\n`,
        );
      });
      const status = Number(reply.split(' ')[1]);
      expect(status, `${route.operationId}: ${reply.slice(0, 300)}`).toBe(413);
      const body = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as { message?: string };
      expect(body.message, route.operationId).toBeTruthy();
    }
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });
});
