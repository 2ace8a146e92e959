import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUESTION_PATHS } from '@stem/contract/api';
import { RATE_LIMITS } from '@stem/contract/limits';
import { RANGE_OVERLAP_MESSAGE } from '@stem/contract/mark-ranges';
import { MESSAGES } from '@stem/contract/messages';
import type { ZGenerateRubricResponse } from '@stem/contract/teaching';
import type { z } from 'zod';
import { buildSchool } from '../helpers/factories';
import { buildTestApp, type TTestApp } from '../helpers/test-app';
import { actor, expectError, url, type TActor } from './teaching-helpers';

type TRubricReply = z.infer<typeof ZGenerateRubricResponse>;

const request = {
  question: 'Explain how chlorophyll helps photosynthesis in a leaf.',
  marks: 6,
  lowMarkRange: '0-1',
  highMarkRange: '4-6',
};

describe('POST /question/rubric/generate (offline engine)', () => {
  let t: TTestApp;
  let teacher: TActor;
  let student: TActor;

  beforeAll(async () => {
    t = await buildTestApp();
    const school = await buildSchool(t);
    teacher = await actor(t, 'teacher', school);
    student = await actor(t, 'student', school);
  });
  afterAll(() => t.close());

  const generate = (who: TActor, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.generateRubric),
      headers: who.headers,
      payload,
    });

  it("writes both sections, naming the question's terms, in a rubric that can be saved", async () => {
    const response = await generate(teacher, request);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<TRubricReply>();
    expect(data.engine).toMatch(/^offline/);
    expect(data.lowMarkRangeRubric.length).toBeGreaterThan(20);
    expect(data.highMarkRangeRubric.length).toBeGreaterThan(20);
    for (const term of ['chlorophyll', 'photosynthesis']) {
      expect(data.lowMarkRangeRubric.toLowerCase()).toContain(term);
      expect(data.highMarkRangeRubric.toLowerCase()).toContain(term);
    }
    expect(data.rubric).toContain('Low Mark Range (0-1):');
    expect(data.rubric).toContain('High Mark Range (4-6):');

    const saved = await t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.create),
      headers: teacher.headers,
      payload: { ...request, rubric: data.rubric },
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it.each([
    ['an invalid low range', { lowMarkRange: '0-6' }, 'lowMarkRange', /^Invalid low mark range/],
    [
      'an invalid high range',
      { highMarkRange: '4-7' },
      'highMarkRange',
      /^Invalid high mark range/,
    ],
  ])(
    'refuses %s with the spec wording, naming the field',
    async (_name, overrides, field, pattern) => {
      const response = await generate(teacher, { ...request, ...overrides });
      const body = expectError(response, 400, { field });
      expect(body.message).toMatch(pattern);
    },
  );

  it('refuses overlapping ranges with the overlap message', async () => {
    const response = await generate(teacher, {
      ...request,
      lowMarkRange: '0-4',
      highMarkRange: '4-6',
    });
    expectError(response, 400, { message: RANGE_OVERLAP_MESSAGE });
  });

  it('names a missing field', async () => {
    const { question: _omitted, ...rest } = request;
    expectError(await generate(teacher, rest), 400, { code: 'VALIDATION', field: 'question' });
  });

  it('is for teachers only', async () => {
    expectError(await generate(student, request), 403, { code: 'FORBIDDEN' });
  });

  it(`allows ${RATE_LIMITS.generateRubric.max} a minute per teacher, then 429`, async () => {
    const school = await buildSchool(t);
    const busy = await actor(t, 'teacher', school);
    const other = await actor(t, 'teacher', school);
    // The limiter's clock (Date) stands still: the count is judged within one minute however slowly
    // a busy machine answers.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < RATE_LIMITS.generateRubric.max; i++) {
        expect((await generate(busy, request)).statusCode).toBe(200);
      }
      const limited = await generate(busy, request);
      expectError(limited, 429, { code: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).toBeDefined();
      // The limit is per teacher, not per address.
      expect((await generate(other, request)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A local OpenAI-compatible server: answers with `reply` (status and JSON body). */
async function fakeChatServer(reply: () => { status: number; body: unknown }) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, body } = reply();
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('POST /question/rubric/generate (hosted provider)', () => {
  let mode: 'ok' | 'refuse' = 'ok';
  let provider: Awaited<ReturnType<typeof fakeChatServer>>;
  let t: TTestApp;
  let teacher: TActor;

  beforeAll(async () => {
    provider = await fakeChatServer(() =>
      mode === 'ok'
        ? {
            status: 200,
            body: {
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1,
              model: 'local-model',
              choices: [
                {
                  index: 0,
                  finish_reason: 'stop',
                  message: {
                    role: 'assistant',
                    content: JSON.stringify({
                      lowMarkRange: 'Mentions chlorophyll only.',
                      highMarkRange: 'Explains how chlorophyll absorbs light for photosynthesis.',
                    }),
                  },
                },
              ],
              usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
            },
          }
        : { status: 400, body: { error: { message: 'model not found', type: 'invalid_request' } } },
    );
    t = await buildTestApp({
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: provider.baseURL,
      OPENAI_MODEL: 'local-model',
      AI_TIMEOUT_MS: '5000',
    });
    teacher = await actor(t, 'teacher', await buildSchool(t));
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('uses the configured provider and records its engine', async () => {
    mode = 'ok';
    const response = await t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.generateRubric),
      headers: teacher.headers,
      payload: request,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json<TRubricReply>();
    expect(data.engine).toBe('openai:local-model');
    expect(data.lowMarkRangeRubric).toBe('Mentions chlorophyll only.');
    expect(data.rubric).toContain('High Mark Range (4-6):\nExplains how chlorophyll');
  });

  it('answers 502 with the spec message when the provider fails', async () => {
    mode = 'refuse';
    const response = await t.app.inject({
      method: 'POST',
      url: url(QUESTION_PATHS.generateRubric),
      headers: teacher.headers,
      payload: request,
    });
    const body = expectError(response, 502, {
      code: 'AI_UNAVAILABLE',
      message: MESSAGES.questions.generateFailed,
    });
    expect(JSON.stringify(body)).not.toContain('model not found');
  });
});
