import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
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
import { AppError } from '../../lib/app-error';
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

/** The multipart plugin's refusals of a form that is not what a browser sends: a 400. */
const MALFORMED_MULTIPART_CODES = new Set([
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);
const malformed = () => new AppError('BAD_REQUEST', MESSAGES.upload.noFile, { field: 'file' });

/**
 * The bytes of the form's "file" part, in memory only. A body the multipart parser cannot read (cut
 * before its closing boundary, a content type without a boundary, a broken part header) is a 400;
 * the plugin's own refusals (413 past 10 MB, ...) carry their status and are worded by the handler.
 */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw malformed();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw error;
    throw malformed();
  }
}

/** Base64 of the largest upload, plus room for the JSON around it. */
const STUDENT_BODY_LIMIT = Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Per signed-in user (the hook runs after the role check), so one school's NAT is not one bucket. */
const perUser = (name: string, limit: { max: number; windowMs: number }) => ({
  rateLimit: {
    max: limit.max,
    timeWindow: limit.windowMs,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}|${request.auth?.userId ?? request.ip}`,
  },
});

/**
 * Text extraction and cleanup, at the spec's root paths (spec 02 §7): the teacher's multipart upload,
 * the student's base64 image, and the cleanup of extracted text. Uploads are read into memory only.
 */
export const extractionRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (
  app,
  { ctx },
) => {
  // Scoped to this plugin: no other route accepts multipart bodies. Files are buffered in memory.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });

  // Size and multipart refusals of Fastify and the multipart plugin, in the spec's words; the
  // parent error handler shapes the reply.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.upload.tooLarge, { field: 'file' });
    }
    if (error.code === 'FST_FILES_LIMIT' || error.code === 'FST_PARTS_LIMIT') {
      throw new AppError('BAD_REQUEST', MESSAGES.upload.noFile, { field: 'file' });
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.upload.noFile, { field: 'file' });
    }
    if (MALFORMED_MULTIPART_CODES.has(error.code)) throw malformed();
    throw error;
  });

  app.post(
    ROOT_PATHS.teacherExtractText,
    {
      onRequest: app.requireRole('teacher'),
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
      const bytes = await readUploadedFile(request);
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
