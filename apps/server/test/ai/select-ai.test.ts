import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectAi } from '../../src/adapters/ai/select-ai';
import { ConfigError, loadConfig } from '../../src/config';
import {
  anthropicObjectReply,
  openAiReply,
  startFakeAnthropic,
  startFakeOpenAi,
  type TFakeProvider,
} from './fake-providers';

const base = {
  NODE_ENV: 'test',
  DATA_DIR: '/tmp/stem-ai-config',
  JWT_SECRET: 'x'.repeat(48),
} as const;

let anthropic: TFakeProvider;
let openai: TFakeProvider;
beforeAll(async () => {
  anthropic = await startFakeAnthropic('sk-ant-config');
  openai = await startFakeOpenAi(undefined);
});
afterAll(async () => {
  await anthropic.close();
  await openai.close();
});

const ZPing = z.object({ ok: z.boolean() });
const ping = { system: 'Reply ok.', prompt: 'ping', schema: ZPing, schemaName: 'ping' };

describe('AI configuration', () => {
  it('defaults to offline, with no AiPort', () => {
    const config = loadConfig({ ...base });
    expect(config.ai).toEqual({
      provider: 'offline',
      anthropic: { apiKey: undefined, model: 'claude-sonnet-4-5', baseUrl: undefined },
      openai: { baseUrl: 'https://api.openai.com/v1', apiKey: undefined, model: 'gpt-4o-mini' },
      timeoutMs: 60_000,
    });
    expect(config.aiProvider).toBe('offline');
    expect(selectAi(config)).toBeUndefined();
  });

  it('stops start-up with one line naming a missing key', () => {
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'anthropic' })).toThrow(
      new ConfigError(
        'Invalid configuration: ANTHROPIC_API_KEY is required when AI_PROVIDER=anthropic',
      ),
    );
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'openai' })).toThrow(
      /OPENAI_API_KEY is required/,
    );
  });

  it('rejects bad values naming the variable', () => {
    expect(() => loadConfig({ ...base, AI_TIMEOUT_MS: 'soon' })).toThrow(/AI_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, OPENAI_BASE_URL: 'ftp://models' })).toThrow(
      /OPENAI_BASE_URL must be an http/,
    );
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'gemini' })).toThrow(/AI_PROVIDER/);
  });

  it('builds the Anthropic adapter from the environment', async () => {
    const config = loadConfig({
      ...base,
      AI_PROVIDER: 'anthropic',
      ANTHROPIC_API_KEY: 'sk-ant-config',
      ANTHROPIC_MODEL: 'claude-haiku-4-5',
      ANTHROPIC_BASE_URL: `${anthropic.baseURL}/`,
      AI_TIMEOUT_MS: '4000',
    });
    const ai = selectAi(config);
    expect(ai?.provider).toBe('anthropic');
    expect(ai?.model).toBe('claude-haiku-4-5');
    anthropic.queue((r) => anthropicObjectReply(r, { ok: true }));
    expect(await ai?.generateObject(ping)).toEqual({ ok: true });
    expect(anthropic.requests[0]?.body.model).toBe('claude-haiku-4-5');
  });

  it('builds the OpenAI-compatible adapter for a keyless local server', async () => {
    const config = loadConfig({
      ...base,
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_MODEL: 'llama3.1:8b',
    });
    const ai = selectAi(config);
    expect(ai).toMatchObject({ provider: 'openai', model: 'llama3.1:8b' });
    openai.queue((r) => openAiReply(r, '{"ok":true}'));
    expect(await ai?.generateObject(ping)).toEqual({ ok: true });
  });
});
