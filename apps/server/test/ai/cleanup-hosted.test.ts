import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiAdapter } from '../../src/adapters/ai/openai';
import { createAnthropicAdapter } from '../../src/adapters/ai/anthropic';
import { FENCE_SYSTEM_RULE } from '../../src/lib/fence';
import { cleanupText } from '../../src/modules/cleanup/cleanup.service';
import { cleanOcrText } from '../../src/modules/cleanup/offline-cleanup';
import {
  anthropicObjectReply,
  fencedBody,
  openAiReply,
  startFakeAnthropic,
  startFakeOpenAi,
  systemText,
  userText,
  type TFakeProvider,
} from './fake-providers';

const OCR = 'I recieve that photo-\nsynthesis makes glucose | and\nthere answer is 2+2=5 ~';
const OFFLINE = 'I recieve that photosynthesis makes glucose and there answer is 2+2=5';

let openai: TFakeProvider;
let anthropic: TFakeProvider;
beforeAll(async () => {
  openai = await startFakeOpenAi('sk-clean');
  anthropic = await startFakeAnthropic('sk-ant-clean');
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});
afterEach(() => {
  openai.reset();
  anthropic.reset();
});

const gpt = (timeoutMs = 5_000) =>
  createOpenAiAdapter({
    baseURL: openai.baseURL,
    apiKey: 'sk-clean',
    model: 'gpt-4o-mini',
    timeoutMs,
    maxRetries: 0,
  });

const reply = (cleanedText: string) => () =>
  openai.queue((r) => openAiReply(r, JSON.stringify({ cleanedText })));

describe('cleanupText with a hosted model', () => {
  it('keeps a repair that only fixes OCR damage, and sends the text fenced', async () => {
    expect(cleanOcrText(OCR)).toBe(OFFLINE);
    reply('I recieve that photosynthesis makes glucose and there answer is 2+2=5')();
    const result = await cleanupText(OCR, gpt());
    expect(result).toEqual({ cleanedText: OFFLINE, engine: 'openai:gpt-4o-mini' });

    const sent = openai.requests[0];
    if (!sent) throw new Error('no request');
    expect(sent.body.temperature).toBe(0);
    expect(fencedBody(userText(sent), 'ocr_text')).toBe(OCR);
    expect(systemText(sent)).toContain(FENCE_SYSTEM_RULE);
    expect(systemText(sent)).toContain('NEVER correct spelling');
    expect(systemText(sent)).not.toContain('recieve');
  });

  it('rejects a model that corrects spelling and falls back to the offline repair', async () => {
    reply('I receive that photosynthesis makes glucose and there answer is 2+2=5')();
    expect(await cleanupText(OCR, gpt())).toEqual({
      cleanedText: OFFLINE,
      engine: 'offline-cleanup-v1',
      fallbackReason: 'changed-words',
    });
  });

  it('rejects a model that corrects a word or the working', async () => {
    reply('I recieve that photosynthesis makes glucose and their answer is 2+2=5')();
    expect((await cleanupText(OCR, gpt())).fallbackReason).toBe('changed-words');
    reply('I recieve that photosynthesis makes glucose and there answer is 2+2=4')();
    expect((await cleanupText(OCR, gpt())).cleanedText).toBe(OFFLINE);
  });

  it('rejects a model that adds or drops words', async () => {
    reply(
      'I recieve that photosynthesis makes glucose and there answer is 2+2=5 which is correct',
    )();
    expect((await cleanupText(OCR, gpt())).fallbackReason).toBe('changed-words');
    reply('photosynthesis makes glucose and there answer is 2+2=5')();
    expect((await cleanupText(OCR, gpt())).fallbackReason).toBe('changed-words');
  });

  it('falls back to the offline repair when the model fails or is slow', async () => {
    openai.queue(() => ({ status: 401, json: { error: { message: 'bad key' } } }));
    expect(await cleanupText(OCR, gpt())).toEqual({
      cleanedText: OFFLINE,
      engine: 'offline-cleanup-v1',
      fallbackReason: 'provider',
    });
    openai.queue((r) => ({ ...openAiReply(r, '{"cleanedText":"late"}'), delayMs: 2_000 }));
    expect((await cleanupText(OCR, gpt(300))).fallbackReason).toBe('timeout');
    openai.queue((r) => openAiReply(r, 'Here is the cleaned text: ...'));
    expect((await cleanupText(OCR, gpt())).fallbackReason).toBe('malformed');
  });

  it('does not call the model for blank text', async () => {
    expect(await cleanupText('  \n | ~ \n', gpt())).toEqual({
      cleanedText: '',
      engine: 'offline-cleanup-v1',
    });
    expect(openai.requests).toHaveLength(0);
  });

  it('works through the Anthropic adapter', async () => {
    anthropic.queue((r) =>
      anthropicObjectReply(r, {
        cleanedText: 'I recieve that photosynthesis makes glucose and there answer is 2+2=5',
      }),
    );
    const ai = createAnthropicAdapter({
      apiKey: 'sk-ant-clean',
      model: 'claude-sonnet-4-5',
      baseURL: anthropic.baseURL,
      timeoutMs: 5_000,
      maxRetries: 0,
    });
    expect(await cleanupText(OCR, ai)).toEqual({
      cleanedText: OFFLINE,
      engine: 'anthropic:claude-sonnet-4-5',
    });
  });
});
