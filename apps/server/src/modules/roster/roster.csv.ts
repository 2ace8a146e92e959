import { pipeline, type Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { FastifyRequest } from 'fastify';
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { ROSTER_FILE_FIELD } from '@stem/contract/roster';
import { AppError } from '../../lib/app-error';
import type { TUploadRules } from '../../lib/multipart';

const R = MESSAGES.roster;
const MAX_MB = ROSTER_MAX_BYTES / (1024 * 1024);

/** The roster form: one "file" part, at most 1 MB (read as a stream, never stored). */
export const ROSTER_UPLOAD_RULES: TUploadRules = {
  field: ROSTER_FILE_FIELD,
  maxBytes: ROSTER_MAX_BYTES,
  missing: R.fileErrors.missing,
  tooLarge: R.fileErrors.tooLarge(MAX_MB),
};

/** One person as the file gives them, before any check. */
export type TRawRosterRow = {
  /** The line the row ends on (the header is line 1). */
  row: number;
  name: string;
  email: string;
  role: string;
  className: string;
  yearGroup: string;
};

type TColumn = 'name' | 'email' | 'role' | 'className' | 'yearGroup';

/** Header names each column is known by, compared without case, spaces or punctuation. */
const HEADERS: Record<TColumn, readonly string[]> = {
  name: ['name', 'fullname', 'studentname', 'pupilname'],
  email: ['email', 'emailaddress', 'mail'],
  role: ['role', 'type', 'accounttype'],
  className: ['class', 'classname', 'classgroup'],
  yearGroup: ['yeargroup', 'year', 'yeargrp', 'grade'],
};

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');

/** Where each column is in the header row; name and email are required (400 naming the one missing). */
export function columnsOf(header: readonly string[]): Record<TColumn, number> {
  const keys = header.map(headerKey);
  const find = (column: TColumn) => keys.findIndex((key) => HEADERS[column].includes(key));
  const columns = {
    name: find('name'),
    email: find('email'),
    role: find('role'),
    className: find('className'),
    yearGroup: find('yearGroup'),
  };
  if (columns.name < 0) {
    throw new AppError('VALIDATION', R.fileErrors.missingColumn('name'), { field: 'file' });
  }
  if (columns.email < 0) {
    throw new AppError('VALIDATION', R.fileErrors.missingColumn('email'), { field: 'file' });
  }
  return columns;
}

function parseFailure(error: unknown): AppError | null {
  if (!(error instanceof CsvError)) return null;
  const reason = R.parseReasons[error.code] ?? R.parseReasons.other ?? '';
  const line = typeof error.lines === 'number' ? error.lines : 0;
  return new AppError('VALIDATION', R.fileErrors.unreadable(line, reason), { field: 'file' });
}

/**
 * Reads a roster CSV from a stream with csv-parse, one record at a time: a byte-order mark is
 * skipped, cells are trimmed, blank lines ignored. Stops at the first problem with the file as a whole
 * (400 naming it: unreadable CSV with its line, a missing column, not UTF-8 text, more than
 * ROSTER_MAX_ROWS people); a problem of one row is that row's, decided later.
 */
export async function readRosterRows(source: Readable): Promise<TRawRosterRow[]> {
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
    info: true,
  });
  // pipeline, not pipe: an upload cut short errors the file stream (sometimes before this runs), and
  // the parser must be destroyed with that error or the loop below would wait for it forever.
  pipeline(source, parser, () => undefined);
  const rows: TRawRosterRow[] = [];
  let columns: Record<TColumn, number> | null = null;
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const { record, info } = item;
      if (record.some((cell) => cell.includes('\uFFFD'))) {
        throw new AppError('VALIDATION', R.fileErrors.notText, { field: 'file' });
      }
      if (!columns) {
        columns = columnsOf(record);
        continue;
      }
      if (record.every((cell) => cell === '')) continue;
      if (rows.length >= ROSTER_MAX_ROWS) {
        throw new AppError('VALIDATION', R.fileErrors.tooManyRows, { field: 'file' });
      }
      const cell = (index: number) => (index >= 0 ? (record[index] ?? '') : '');
      rows.push({
        row: info.lines,
        name: cell(columns.name),
        email: cell(columns.email),
        role: cell(columns.role),
        className: cell(columns.className),
        yearGroup: cell(columns.yearGroup),
      });
    }
  } catch (error) {
    // The rest of the upload is read and dropped, so the request ends cleanly.
    parser.destroy();
    source.resume();
    if (error instanceof AppError) throw error;
    const failure = parseFailure(error);
    if (failure) throw failure;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', ROSTER_UPLOAD_RULES.tooLarge, { field: 'file' });
    }
    throw new AppError('BAD_REQUEST', R.fileErrors.missing, { field: 'file' });
  }
  if (!columns || rows.length === 0) {
    throw new AppError('VALIDATION', R.fileErrors.empty, { field: 'file' });
  }
  return rows;
}

/** The form's roster file, streamed into the CSV parser (the multipart limit stops it at 1 MB). */
export async function readRosterUpload(request: FastifyRequest): Promise<TRawRosterRow[]> {
  let file;
  try {
    file = await request.file();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', R.fileErrors.missing, { field: 'file' });
    }
    throw new AppError('BAD_REQUEST', R.fileErrors.missing, { field: 'file' });
  }
  if (!file || file.fieldname !== ROSTER_FILE_FIELD) {
    file?.file.resume();
    throw new AppError('BAD_REQUEST', R.fileErrors.missing, { field: 'file' });
  }
  const rows = await readRosterRows(file.file);
  if (file.file.truncated) {
    throw new AppError('PAYLOAD_TOO_LARGE', ROSTER_UPLOAD_RULES.tooLarge, { field: 'file' });
  }
  return rows;
}
