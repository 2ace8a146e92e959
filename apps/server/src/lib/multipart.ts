import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** What an upload route calls its file part, and how it words a refusal (spec 01 §8, spec 02 §8). */
export type TUploadRules = {
  /** The form field that carries the file, e.g. "file" or "logo". */
  field: string;
  /** Largest file in bytes. */
  maxBytes: number;
  /** Said when the form is not what a browser sends: no file, another field, a broken body. */
  missing: string;
  /** Said past `maxBytes`. */
  tooLarge: string;
};

/** The multipart plugin's refusals of a form that is not what a browser sends: a 400. */
const MALFORMED_CODES = new Set([
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);

/**
 * Registers multipart parsing in this plugin's scope with one error mapping for every upload route:
 * 413 past the size, 415 for a body that is not multipart, 400 for a broken or unexpected form.
 * One byte over the limit is read so "too large" can be told from "just fits".
 */
export async function acceptUploads(app: FastifyInstance, rules: TUploadRules): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: rules.maxBytes + 1, files: 1, fields: 10, parts: 11 },
  });
  const { field } = rules;
  refuseDeclaredTooLarge(app, rules.tooLarge, field);
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { field });
    }
    if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.missing, { field });
    }
    if (MALFORMED_CODES.has(error.code))
      throw new AppError('BAD_REQUEST', rules.missing, { field });
    throw error;
  });
}

/**
 * The bytes of the form's file part, in memory only (never written anywhere). A body the parser
 * cannot read (cut before its closing boundary, no boundary, a broken part header, another field)
 * is a 400; past the size a 413; a body that is not multipart at all a 415.
 */
export async function readUpload(request: FastifyRequest, rules: TUploadRules): Promise<Buffer> {
  const { field } = rules;
  let bytes: Buffer;
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field)
      throw new AppError('BAD_REQUEST', rules.missing, { field });
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { field });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.missing, { field });
    }
    throw new AppError('BAD_REQUEST', rules.missing, { field });
  }
  if (bytes.length > rules.maxBytes) {
    throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLarge, { field });
  }
  return bytes;
}

/**
 * A multipart body whose declared length is past the route's body limit is refused (413) before any
 * of it is read. The multipart parser reads a stream and stops only at the file size limit, so a
 * client declaring 10 GB and then sending nothing held the request open (found by the upload fuzz).
 */
export function refuseDeclaredTooLarge(
  app: FastifyInstance,
  tooLarge: string,
  field: string,
): void {
  app.addHook('onRequest', async (request) => {
    if (!request.headers['content-type']?.toLowerCase().includes('multipart/')) return;
    const declared = Number(request.headers['content-length']);
    const limit = request.routeOptions.bodyLimit;
    if (Number.isFinite(declared) && limit !== undefined && declared > limit) {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge, { field });
    }
  });
}
