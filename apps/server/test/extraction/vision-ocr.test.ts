import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiAdapter } from '../../src/adapters/ai/openai';
import { extractText } from '../../src/extraction/extract';
import { OcrError } from '../../src/extraction/ocr/port';
import { createVisionOcr, VISION_SYSTEM } from '../../src/extraction/ocr/vision';
import {
  openAiError,
  openAiReply,
  startFakeOpenAi,
  systemText,
  userText,
  type TFakeProvider,
} from '../ai/fake-providers';

const API_KEY = 'sk-proj-vision-test';
let fake: TFakeProvider;
beforeAll(async () => {
  fake = await startFakeOpenAi(API_KEY);
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

/** The real OpenAI-compatible adapter, pointed at the local server speaking chat completions. */
const vision = () =>
  createVisionOcr(
    createOpenAiAdapter({
      baseURL: fake.baseURL,
      apiKey: API_KEY,
      model: 'gpt-4o-mini',
      timeoutMs: 5_000,
      maxRetries: 0,
    }),
  );

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#f4f1e8' } })
    .jpeg()
    .toBuffer();

describe('vision OCR adapter', () => {
  it('sends the normalised page as a PNG image with transcription rules, and returns the text', async () => {
    fake.queue((r) =>
      openAiReply(r, JSON.stringify({ text: 'The mitocondria makes \u201cenergy\u201d\n' })),
    );
    const result = await extractText(await photo(), { ocr: vision() });
    // The student's spelling stays; typographic quotes become the plain ones a student writes.
    expect(result.text).toBe('The mitocondria makes "energy"');
    expect(result.type).toBe('jpeg');

    const request = fake.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.body.temperature).toBe(0);
    expect(systemText(request)).toBe(VISION_SYSTEM);
    expect(systemText(request)).toContain("Keep the student's spelling");
    expect(userText(request)).toContain('Transcribe');
    expect(JSON.stringify(request.body.response_format)).toContain('json_schema');

    const messages = request.body.messages as { role: string; content: unknown }[];
    const parts = messages.find((m) => m.role === 'user')?.content as {
      type: string;
      image_url?: { url: string };
    }[];
    const image = parts.find((p) => p.type === 'image_url')?.image_url?.url ?? '';
    expect(image.startsWith('data:image/png;base64,')).toBe(true);
    const sent = Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
    const meta = await sharp(sent).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 640, 480, 1]);
  });

  it('turns a provider failure into an OcrError', async () => {
    fake.queue(() => ({ status: 400, json: openAiError('The request was refused') }));
    const error = await vision()
      .recognize(
        await sharp(await photo())
          .png()
          .toBuffer(),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OcrError);
    expect((error as OcrError).kind).toBe('provider');
  });
});
