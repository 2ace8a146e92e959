import type { AiPort } from '../../adapters/ai/port';
import type { TConfig } from '../../config';
import type { OcrPort } from './port';
import { createPaddleOcr } from './paddle';
import { createTesseractOcr, type TOcrLogger } from './tesseract';
import { createTextractOcr } from './textract';
import { createVisionOcr } from './vision';

/**
 * Config picks the OCR adapter (OCR_PROVIDER), in this one place: `tesseract` (default, local, with
 * the OCR_TESSERACT_MODEL model), `paddle` (local PaddleOCR on onnxruntime), `textract` (AWS) or `vision` (the AI provider's vision model, so it needs `ai`). loadConfig already
 * refuses a missing AWS variable or an offline AI provider; the checks here keep a hand-built
 * TConfig just as clear.
 */
export function selectOcr(
  config: Pick<TConfig, 'ocr' | 'ai'>,
  deps: { ai?: AiPort | undefined; logger?: TOcrLogger | undefined } = {},
): OcrPort {
  switch (config.ocr.provider) {
    case 'tesseract':
      return createTesseractOcr({
        workers: config.ocr.workers,
        logger: deps.logger,
        model: config.ocr.tesseractModel,
        ...(config.ocr.tessdata
          ? { langPath: config.ocr.tessdata.dir, gzip: config.ocr.tessdata.gzip }
          : {}),
      });
    case 'paddle':
      return createPaddleOcr({ workers: config.ocr.workers });
    case 'textract': {
      const textract = config.ocr.textract;
      if (!textract) {
        throw new Error(
          'AWS_REGION, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required when OCR_PROVIDER=textract',
        );
      }
      return createTextractOcr({ ...textract, logger: deps.logger });
    }
    case 'vision':
      if (!deps.ai) {
        throw new Error(
          `OCR_PROVIDER=vision needs a hosted AI provider: set AI_PROVIDER=anthropic or AI_PROVIDER=openai (AI_PROVIDER is ${config.ai.provider})`,
        );
      }
      return createVisionOcr(deps.ai, { timeoutMs: config.ai.timeoutMs });
  }
}
