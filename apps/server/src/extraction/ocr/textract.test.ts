import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OcrError } from './port';
import { createTextractOcr, signRequest } from './textract';

type TReceived = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
type TReply = { status: number; body: unknown };

/** A local server speaking Textract's JSON 1.1 wire format, answering from a queue. */
let server: Server;
let endpoint: string;
const received: TReceived[] = [];
const replies: TReply[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const reply = replies.shift() ?? { status: 500, body: { __type: 'InternalServerError' } };
      res.writeHead(reply.status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  received.length = 0;
  replies.length = 0;
});

const CREDENTIALS = {
  region: 'eu-west-2',
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  sessionToken: 'FwoGZXIvYXdzEXAMPLETOKEN',
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

const LINES = {
  DocumentMetadata: { Pages: 1 },
  Blocks: [
    { BlockType: 'PAGE', Id: 'p' },
    { BlockType: 'LINE', Text: 'Plants make glucose', Confidence: 90, Id: 'l1' },
    { BlockType: 'WORD', Text: 'Plants', Confidence: 90, Id: 'w1' },
    { BlockType: 'LINE', Text: 'using light \u2014 "energy"', Confidence: 80, Id: 'l2' },
  ],
};

const textract = (overrides: Partial<Parameters<typeof createTextractOcr>[0]> = {}) =>
  createTextractOcr({ ...CREDENTIALS, endpoint, backoffMs: 5, ...overrides });

describe('textract adapter', () => {
  it('signs with AWS SigV4 (AWS test-suite vector get-vanilla)', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://example.amazonaws.com/'),
      headers: {},
      body: '',
      region: 'us-east-1',
      service: 'service',
      credentials: {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      },
      date: new Date('2015-08-30T12:36:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('calls DetectDocumentText with a signed request and joins the LINE blocks', async () => {
    replies.push({ status: 200, body: LINES });
    const now = new Date('2025-03-25T10:11:12Z');
    const result = await textract({ now: () => now }).recognize(PNG);
    expect(result.text).toBe('Plants make glucose\nusing light - "energy"');
    expect(result.confidence).toBe(85);

    const request = received[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/');
    expect(request.headers['x-amz-target']).toBe('Textract.DetectDocumentText');
    expect(request.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request.headers['x-amz-date']).toBe('20250325T101112Z');
    expect(request.headers['x-amz-security-token']).toBe(CREDENTIALS.sessionToken);
    expect(JSON.parse(request.body)).toEqual({ Document: { Bytes: PNG.toString('base64') } });

    const authorization = String(request.headers.authorization);
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20250325\/eu-west-2\/textract\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(authorization).not.toContain(CREDENTIALS.secretAccessKey);
    // What the server received, signed again with the secret, gives the same signature.
    const recomputed = signRequest({
      method: request.method,
      url: new URL(request.path, `http://${request.headers.host}`),
      headers: {
        'content-type': String(request.headers['content-type']),
        'x-amz-target': String(request.headers['x-amz-target']),
      },
      body: request.body,
      region: 'eu-west-2',
      service: 'textract',
      credentials: CREDENTIALS,
      date: now,
    });
    expect(recomputed.authorization).toBe(authorization);
    // A changed body would not match: the signature covers the payload.
    const tampered = signRequest({
      method: request.method,
      url: new URL(request.path, `http://${request.headers.host}`),
      headers: {
        'content-type': String(request.headers['content-type']),
        'x-amz-target': String(request.headers['x-amz-target']),
      },
      body: request.body.replace('Bytes', 'bytes'),
      region: 'eu-west-2',
      service: 'textract',
      credentials: CREDENTIALS,
      date: now,
    });
    expect(tampered.authorization).not.toBe(authorization);
  });

  it('retries a throttled request with back-off, then succeeds', async () => {
    replies.push(
      { status: 400, body: { __type: 'ThrottlingException', message: 'Rate exceeded' } },
      {
        status: 400,
        body: { __type: 'com.amazonaws.textract#ProvisionedThroughputExceededException' },
      },
      { status: 200, body: LINES },
    );
    const result = await textract().recognize(PNG);
    expect(result.text).toContain('Plants make glucose');
    expect(received).toHaveLength(3);
  });

  it('gives up after the last attempt on repeated server errors', async () => {
    replies.push(
      { status: 500, body: { __type: 'InternalServerError' } },
      { status: 503, body: { __type: 'ServiceUnavailableException' } },
    );
    const error = await textract({ attempts: 2 })
      .recognize(PNG)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect((error as OcrError).kind).toBe('unavailable');
    expect(received).toHaveLength(2);
  });

  it('fails at once on AccessDenied, without retrying or echoing credentials', async () => {
    replies.push({
      status: 400,
      body: { __type: 'AccessDeniedException', message: 'User is not authorized' },
    });
    const error = await textract()
      .recognize(PNG)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect((error as OcrError).kind).toBe('provider');
    expect((error as OcrError).message).toContain('AccessDeniedException');
    expect((error as OcrError).message).not.toContain(CREDENTIALS.accessKeyId);
    expect(received).toHaveLength(1);
  });

  it('reports a network failure as unavailable', async () => {
    const error = await textract({ endpoint: 'http://127.0.0.1:1/', attempts: 2 })
      .recognize(PNG)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect((error as OcrError).kind).toBe('unavailable');
  });
});
