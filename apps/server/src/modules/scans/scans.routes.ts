import multipart from '@fastify/multipart';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@stem/contract/errors';
import {
  MAX_SCAN_FILES,
  SCAN_MESSAGES,
  SCAN_PATHS,
  ZAbsentPageRequest,
  ZAnswerSheetsQuery,
  ZAssignPageRequest,
  ZAssignPageResponse,
  ZBatchIdParam,
  ZBatchListResponse,
  ZBatchResponse,
  ZCreateBatchResponse,
  ZCropParams,
  ZPageActionResponse,
  ZPageParams,
  ZReleaseBatchResponse,
} from '@stem/contract/scans';
import { ZClassIdParam } from '@stem/contract/teaching';
import type { TAppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { refuseDeclaredTooLarge } from '../../lib/multipart';
import { currentUser } from '../../plugins/auth';
import { perUser } from '../../plugins/rate-limits';
import { RATE_LIMITS } from '@stem/contract/limits';
import * as service from './scans.service';
import { answerSheets } from './scans.sheets';

const security = [{ bearer: [] }];
const tags = ['scans'];
const denied = { 401: ZErrorResponse, 403: ZErrorResponse };

const MALFORMED = new Set([
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_MP_PREMATURE_CLOSE',
]);

/**
 * The form of an upload: fields and one or more "files" parts, read into memory (never written to
 * disk). More bytes than the batch allows is 413, a form a browser would not send 400.
 */
async function readForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ fields: Map<string, string>; files: service.TUploadedFile[] }> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', SCAN_MESSAGES.tooLarge(Math.floor(maxBytes / 1048576)), {
      field: 'files',
    });
  const fields = new Map<string, string>();
  const files: service.TUploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname !== 'files') {
        await part.toBuffer().catch(() => undefined);
        throw new AppError('BAD_REQUEST', SCAN_MESSAGES.noFiles, { field: 'files' });
      }
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > maxBytes) throw tooLarge();
      if (bytes.length > 0)
        files.push({ name: part.filename || `file ${files.length + 1}`, bytes });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('BAD_REQUEST', SCAN_MESSAGES.tooManyFiles, { field: 'files' });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', SCAN_MESSAGES.noFiles, { field: 'files' });
    }
    throw new AppError('BAD_REQUEST', SCAN_MESSAGES.noFiles, { field: 'files' });
  }
  return { fields, files };
}

/** A stack's upload: a "classId" field and its "files". */
async function readStack(
  request: FastifyRequest,
  maxBytes: number,
): Promise<{ classId: string; files: service.TUploadedFile[]; holdMarks: boolean | undefined }> {
  const { fields, files } = await readForm(request, maxBytes);
  const hold = fields.get('holdMarks');
  if (hold !== undefined && hold !== 'true' && hold !== 'false') {
    throw new AppError('VALIDATION', SCAN_MESSAGES.holdInvalid, { field: 'holdMarks' });
  }
  const parsed = z.uuid().safeParse(fields.get('classId') ?? '');
  if (!parsed.success) {
    throw new AppError('VALIDATION', SCAN_MESSAGES.classInvalid, { field: 'classId' });
  }
  return {
    classId: parsed.data,
    files,
    holdMarks: hold === undefined ? undefined : hold === 'true',
  };
}

/** Printable answer sheets and bulk scans (issue 12). Teachers only; a batch is its uploader's. */
export const scanRoutes: FastifyPluginAsyncZod<{ ctx: TAppContext }> = async (app, { ctx }) => {
  const teacherOnly = app.requireRole('teacher');
  await app.register(multipart, {
    limits: {
      fileSize: ctx.config.scan.maxBytes + 1,
      files: MAX_SCAN_FILES,
      fields: 5,
      parts: MAX_SCAN_FILES + 5,
    },
  });
  refuseDeclaredTooLarge(
    app,
    SCAN_MESSAGES.tooLarge(Math.floor(ctx.config.scan.maxBytes / 1048576)),
    'files',
  );
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', SCAN_MESSAGES.noFiles, { field: 'files' });
    }
    if (MALFORMED.has(error.code)) {
      throw new AppError('BAD_REQUEST', SCAN_MESSAGES.noFiles, { field: 'files' });
    }
    throw error;
  });

  app.get(
    SCAN_PATHS.answerSheets,
    {
      onRequest: teacherOnly,
      config: perUser('answer-sheets', RATE_LIMITS.answerSheets),
      schema: {
        operationId: 'getAnswerSheets',
        tags,
        summary:
          "The class's printable answer sheets as one PDF: a page per student per question (or blank sheets with a name box), or (format=booklet) a test booklet per student with the chosen questions in order, several to a page; every page has a signed QR code",
        security,
        params: ZClassIdParam,
        querystring: ZAnswerSheetsQuery,
        response: {
          // Documents the file; Fastify sends the bytes as they are, without a serializer.
          200: z.string().describe('The answer sheets, application/pdf'),
          400: ZErrorResponse,
          ...denied,
          404: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const sheets = await answerSheets(
        { db: ctx.db, config: ctx.config, work: ctx.imageWork },
        currentUser(request),
        request.params.classId,
        request.query,
        ctx.now(),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${sheets.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-sheet-pages', String(sheets.pages))
        .send(Buffer.from(sheets.pdf));
    },
  );

  app.post(
    SCAN_PATHS.batches,
    {
      onRequest: teacherOnly,
      bodyLimit: ctx.config.scan.maxBytes + 1024 * 1024,
      schema: {
        operationId: 'createScanBatch',
        tags,
        summary:
          'Upload a stack of scanned answer sheets for a class (multipart: "classId", then "files": PDF, JPEG, PNG or TIFF); the pages are read in the background',
        security,
        consumes: ['multipart/form-data'],
        response: {
          202: ZCreateBatchResponse,
          400: ZErrorResponse,
          ...denied,
          404: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const form = await readStack(request, ctx.config.scan.maxBytes);
      const batchId = await service.createBatch(
        ctx,
        currentUser(request),
        form.classId,
        form.files,
        form.holdMarks,
      );
      return reply.status(202).send({
        success: true as const,
        message: SCAN_MESSAGES.accepted,
        data: { batchId },
      });
    },
  );

  app.get(
    SCAN_PATHS.batches,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'listScanBatches',
        tags,
        summary: "The teacher's latest uploaded stacks with their progress",
        security,
        response: { 200: ZBatchListResponse, ...denied },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listBatches(ctx, currentUser(request)),
    }),
  );

  app.get(
    SCAN_PATHS.batch,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'getScanBatch',
        tags,
        summary:
          "One stack's progress and summary, with the pages that need the teacher and every answer placed (their text, place and, while the batch is open, the id of their scan image)",
        security,
        params: ZBatchIdParam,
        response: { 200: ZBatchResponse, 400: ZErrorResponse, ...denied, 404: ZErrorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getBatch(ctx, currentUser(request), request.params.id),
    }),
  );

  app.post(
    SCAN_PATHS.assignPage,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'assignScanPage',
        tags,
        summary:
          'Assign a page that needs the teacher to a student and a question of the class; its text is submitted and marked',
        security,
        params: ZPageParams,
        body: ZAssignPageRequest,
        response: {
          200: ZAssignPageResponse,
          400: ZErrorResponse,
          ...denied,
          404: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: SCAN_MESSAGES.assigned,
      data: {
        submissionId: await service.assignPage(
          ctx,
          currentUser(request),
          request.params,
          request.body,
        ),
      },
    }),
  );

  app.post(
    SCAN_PATHS.releaseBatch,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'releaseScanBatch',
        tags,
        summary:
          "Release a held batch's marks to its students (an answer still held for review stays held)",
        security,
        params: ZBatchIdParam,
        response: {
          200: ZReleaseBatchResponse,
          400: ZErrorResponse,
          ...denied,
          404: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const released = await service.releaseBatch(ctx, currentUser(request), request.params.id);
      return {
        success: true as const,
        message: SCAN_MESSAGES.releasedBatch(released),
        data: { released },
      };
    },
  );

  app.get(
    SCAN_PATHS.crop,
    {
      onRequest: app.requireRole('teacher', 'admin'),
      schema: {
        operationId: 'getScanCrop',
        tags,
        summary:
          "The scan image of one answer region (or of a page that needs the teacher), kept encrypted only while its batch is open; the class's teacher and the school's admin only, never cached",
        security,
        params: ZCropParams,
        response: {
          // Documents the file; Fastify sends the bytes as they are, without a serializer.
          200: z.string().describe('The image, image/png'),
          400: ZErrorResponse,
          ...denied,
          404: ZErrorResponse,
          422: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as unknown as FastifyReply;
      const crop = await service.getCropImage(ctx, currentUser(request), request.params.cropId);
      return reply
        .type(crop.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .send(crop.image);
    },
  );

  const pageAction = {
    200: ZPageActionResponse,
    400: ZErrorResponse,
    ...denied,
    404: ZErrorResponse,
    409: ZErrorResponse,
  };

  app.post(
    SCAN_PATHS.discardPage,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'discardScanPage',
        tags,
        summary:
          'Set aside a page that needs the teacher, a blank page or a repeat: nothing is submitted from it',
        security,
        params: ZPageParams,
        response: pageAction,
      },
    },
    async (request) => ({
      success: true as const,
      message: SCAN_MESSAGES.discarded,
      data: await service.discardPage(ctx, currentUser(request), request.params),
    }),
  );

  app.post(
    SCAN_PATHS.absentPage,
    {
      onRequest: teacherOnly,
      schema: {
        operationId: 'markScanPageAbsent',
        tags,
        summary:
          "Mark the page's student absent for its question (or the student and question given): no submission, no attempt used",
        security,
        params: ZPageParams,
        body: ZAbsentPageRequest,
        response: pageAction,
      },
    },
    async (request) => ({
      success: true as const,
      message: SCAN_MESSAGES.markedAbsent,
      data: await service.markPageAbsent(ctx, currentUser(request), request.params, request.body),
    }),
  );

  app.post(
    SCAN_PATHS.replacePage,
    {
      onRequest: teacherOnly,
      bodyLimit: ctx.config.scan.maxBytes + 1024 * 1024,
      schema: {
        operationId: 'replaceScanPage',
        tags,
        summary:
          'Replace a page with a re-scan of it (multipart: one "files" part, an image or a one-page PDF); an answer already made from the page takes the new text in place and is marked again (no new submission, no attempt used), its earlier text and marks kept in its history',
        security,
        consumes: ['multipart/form-data'],
        params: ZPageParams,
        response: { ...pageAction, 413: ZErrorResponse, 415: ZErrorResponse, 422: ZErrorResponse },
      },
    },
    async (request) => {
      const { files } = await readForm(request, ctx.config.scan.maxBytes);
      const [file] = files;
      if (!file) throw new AppError('BAD_REQUEST', SCAN_MESSAGES.noFiles, { field: 'files' });
      if (files.length > 1) {
        throw new AppError('VALIDATION', SCAN_MESSAGES.replaceOnePage, { field: 'files' });
      }
      const { page, message } = await service.replacePage(
        ctx,
        currentUser(request),
        request.params,
        file,
      );
      return { success: true as const, message, data: page };
    },
  );
};
