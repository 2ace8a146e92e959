import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@stem/contract/errors';
import { RATE_LIMITS, UPLOAD_MAX_BYTES } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import {
  ROOT_PATHS,
  ZCleanupRequest,
  ZCleanupResponse,
  ZStudentExtractRequest,
  ZStudentExtractResponse,
  ZTeacherExtractResponse,
} from '@stem/contract/submissions';
import type { TAppContext } from '../../context';
import { perUser } from '../../plugins/rate-limits';
import { acceptUploads, readUpload, type TUploadRules } from '../../lib/multipart';
import * as service from './extraction.service';

const security = [{ bearer: [] }];
const refusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
  422: ZErrorResponse,
  429: ZErrorResponse,
};

/** The teacher's upload form (spec 02 §5, §8): one "file" part, at most 10 MB. */
const UPLOAD_RULES: TUploadRules = {
  field: 'file',
  maxBytes: UPLOAD_MAX_BYTES,
  missing: MESSAGES.upload.noFile,
  tooLarge: MESSAGES.upload.tooLarge,
};

/**
 * The largest upload plus room for the form around it. Without it the app's 1 MB JSON limit applied,
 * and a multipart body declared past that was refused as "too large" before it was read.
 */
const TEACHER_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024;

/** Base64 of the largest upload, plus room for the JSON around it. */
const STUDENT_BODY_LIMIT = Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * Text extraction and cleanup, at the spec's root paths (spec 02 §7): the teacher's multipart upload,
 * the student's base64 image, and the cleanup of extracted text. Uploads are read into memory only.
 */
export const extractionRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  // Scoped to this plugin: no other route here accepts multipart bodies. Files stay in memory.
  await acceptUploads(app, UPLOAD_RULES);

  app.post(
    ROOT_PATHS.teacherExtractText,
    {
      onRequest: app.requireRole('teacher'),
      bodyLimit: TEACHER_BODY_LIMIT,
      config: perUser('extract', RATE_LIMITS.extractText),
      schema: {
        operationId: 'extractTextFromUpload',
        tags: ['extraction'],
        summary:
          'Read the text of a photographed or scanned page (multipart field "file": JPEG, PNG, TIFF or PDF, at most 10 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZTeacherExtractResponse, ...refusals },
      },
    },
    async (request) => {
      const bytes = await readUpload(request, UPLOAD_RULES);
      const extracted = await service.extractUpload(ctx, bytes);
      return {
        status: 'success' as const,
        message: MESSAGES.upload.extracted,
        data: {
          extractedText: extracted.text,
          pages: extracted.pages,
          ...(extracted.confidence === undefined ? {} : { confidence: extracted.confidence }),
        },
      };
    },
  );

  app.post(
    ROOT_PATHS.studentExtractText,
    {
      onRequest: app.requireRole('student'),
      bodyLimit: STUDENT_BODY_LIMIT,
      config: perUser('extract', RATE_LIMITS.extractText),
      schema: {
        operationId: 'extractTextFromImage',
        tags: ['extraction'],
        summary:
          'Read the text of a photo of an answer (base64 JPEG, PNG, TIFF or PDF, at most 10 MB decoded)',
        security,
        body: ZStudentExtractRequest,
        response: { 200: ZStudentExtractResponse, ...refusals },
      },
    },
    async (request) => {
      const bytes = service.decodeBase64Image(request.body.image);
      const extracted = await service.extractUpload(ctx, bytes);
      return {
        status: 'successful' as const,
        data: {
          formData: extracted.text,
          pages: extracted.pages,
          ...(extracted.confidence === undefined ? {} : { confidence: extracted.confidence }),
        },
      };
    },
  );

  app.post(
    ROOT_PATHS.cleanupText,
    {
      onRequest: app.requireRole('teacher', 'student'),
      // Text OCR made: control characters it made up are stripped, not refused.
      config: { ...perUser('cleanup', RATE_LIMITS.cleanupText), machineText: ['text'] },
      schema: {
        operationId: 'cleanupText',
        tags: ['extraction'],
        summary:
          'Repair OCR damage in extracted text without changing what was written (raw text back if cleanup fails)',
        security,
        body: ZCleanupRequest,
        response: {
          200: ZCleanupResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: await service.cleanExtractedText(ctx, request.body.text),
    }),
  );
};
