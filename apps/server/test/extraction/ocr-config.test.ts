import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { selectOcr } from '../../src/extraction/ocr/select-ocr';
import { bundledModelPath } from '../../src/extraction/ocr/tesseract';

const BASE = {
  JWT_SECRET: 'a-secret-for-this-test-only-0123456789abcdef',
  DATA_DIR: '/nonexistent',
};
const AWS = {
  OCR_PROVIDER: 'textract',
  AWS_REGION: 'eu-west-2',
  AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...BASE, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('OCR configuration', () => {
  it('defaults to local tesseract with one worker per core and 10 pages', async () => {
    const config = loadConfig(BASE);
    expect(config.ocr).toMatchObject({
      provider: 'tesseract',
      tesseractModel: 'fast',
      maxPdfPages: 10,
    });
    expect(config.ocr.workers).toBe(os.availableParallelism());
    const ocr = selectOcr(config);
    expect(ocr.name).toBe('tesseract');
    await ocr.close();
  });

  it('caps OCR_WORKERS at the cores and validates the numbers', () => {
    expect(loadConfig({ ...BASE, OCR_WORKERS: '1' }).ocr.workers).toBe(1);
    expect(loadConfig({ ...BASE, OCR_WORKERS: '64' }).ocr.workers).toBe(os.availableParallelism());
    expect(configError({ OCR_WORKERS: '0' })).toContain('OCR_WORKERS');
    expect(configError({ OCR_MAX_PDF_PAGES: 'many' })).toContain('OCR_MAX_PDF_PAGES');
    expect(loadConfig({ ...BASE, OCR_MAX_PDF_PAGES: '3' }).ocr.maxPdfPages).toBe(3);
  });

  it('stops start-up naming each missing AWS variable for textract', () => {
    for (const name of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
      const env = Object.fromEntries(Object.entries(AWS).filter(([key]) => key !== name));
      expect(configError(env)).toBe(
        `Invalid configuration: ${name} is required when OCR_PROVIDER=textract`,
      );
    }
    expect(configError({ ...AWS, AWS_REGION: 'moon' })).toContain('AWS_REGION');
  });

  it('builds the textract adapter with the regional endpoint or the override', () => {
    const config = loadConfig({ ...BASE, ...AWS, AWS_SESSION_TOKEN: 'token' });
    expect(config.ocr.textract).toEqual({
      region: 'eu-west-2',
      accessKeyId: AWS.AWS_ACCESS_KEY_ID,
      secretAccessKey: AWS.AWS_SECRET_ACCESS_KEY,
      sessionToken: 'token',
      endpoint: 'https://textract.eu-west-2.amazonaws.com',
    });
    expect(selectOcr(config).name).toBe('textract');
    const local = loadConfig({ ...BASE, ...AWS, TEXTRACT_ENDPOINT: 'http://127.0.0.1:4566/' });
    expect(local.ocr.textract?.endpoint).toBe('http://127.0.0.1:4566');
  });

  it('refuses vision OCR without a hosted AI provider, saying which to set', () => {
    expect(configError({ OCR_PROVIDER: 'vision' })).toBe(
      'Invalid configuration: OCR_PROVIDER=vision needs a hosted AI provider: set AI_PROVIDER=anthropic or AI_PROVIDER=openai (AI_PROVIDER is offline)',
    );
    const config = loadConfig({
      ...BASE,
      OCR_PROVIDER: 'vision',
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
    });
    expect(() => selectOcr(config)).toThrow(/AI_PROVIDER=anthropic or AI_PROVIDER=openai/);
    expect(configError({ OCR_PROVIDER: 'paper' })).toContain('OCR_PROVIDER');
  });

  it('swaps the local engine and the tesseract model by configuration', async () => {
    const best = loadConfig({ ...BASE, OCR_TESSERACT_MODEL: 'best' });
    expect(best.ocr.tesseractModel).toBe('best');
    const tesseract = selectOcr(best);
    expect(tesseract).toMatchObject({ name: 'tesseract', imageStyle: 'thick' });
    await tesseract.close();
    expect(configError({ OCR_TESSERACT_MODEL: 'huge' })).toContain('OCR_TESSERACT_MODEL');
    const paddle = selectOcr(loadConfig({ ...BASE, OCR_PROVIDER: 'paddle', OCR_WORKERS: '1' }));
    expect(paddle).toMatchObject({ name: 'paddle', imageStyle: 'plain' });
    await paddle.close();
  });

  it('takes another tesseract model from OCR_TESSDATA_DIR, refusing a folder without one', () => {
    expect(loadConfig(BASE).ocr.tessdata).toBeUndefined();
    expect(loadConfig({ ...BASE, OCR_TESSDATA_DIR: bundledModelPath() }).ocr.tessdata).toEqual({
      dir: bundledModelPath(),
      gzip: true,
    });
    expect(configError({ OCR_TESSDATA_DIR: os.tmpdir() })).toBe(
      'Invalid configuration: OCR_TESSDATA_DIR must be a folder holding eng.traineddata',
    );
  });
});
