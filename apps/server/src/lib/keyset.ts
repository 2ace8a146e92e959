import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES } from '@stem/contract/messages';
import { PAGE_SIZE_DEFAULT, type TPageInfo } from '@stem/contract/paging';
import { AppError } from './app-error';

/**
 * Keyset (cursor) paging shared by every paged list. A sort is a list of keys, the last of them
 * unique (the row id), each an expression with a direction. A page is "the rows after the cursor in
 * this order, limit + 1 of them" (the extra row says whether there is a next page), so a page costs
 * one index range scan however deep it is, and rows inserted meanwhile never shift it.
 *
 * A cursor is base64url JSON: the sort's name, then each key of the last row sent, as PostgreSQL
 * text (timestamps keep their microseconds). It is opaque to clients and checked when read.
 */
export type TKeyType = 'text' | 'int' | 'timestamptz' | 'uuid';
export type TSortKey = { expr: SQL | AnyPgColumn; dir: 'asc' | 'desc'; type: TKeyType };
export type TSortSpec = { name: string; keys: readonly TSortKey[] };

const badCursor = () => new AppError('VALIDATION', MESSAGES.generic.badCursor, { field: 'cursor' });

const INT = /^-?\d{1,10}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

function validKey(type: TKeyType, value: string): boolean {
  switch (type) {
    case 'int':
      return INT.test(value);
    case 'uuid':
      return UUID.test(value);
    case 'timestamptz':
      return TIMESTAMP.test(value);
    default:
      return value.length <= 1000;
  }
}

export function encodeCursor(spec: TSortSpec, values: readonly string[]): string {
  return Buffer.from(JSON.stringify([spec.name, ...values]), 'utf8').toString('base64url');
}

/** The key values a cursor holds; 400 (field "cursor") when it is not one of this sort's cursors. */
export function decodeCursor(spec: TSortSpec, cursor: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== spec.keys.length + 1 || parsed[0] !== spec.name) {
    throw badCursor();
  }
  const values: string[] = [];
  spec.keys.forEach((key, i) => {
    const value: unknown = parsed[i + 1];
    if (typeof value !== 'string' || !validKey(key.type, value)) throw badCursor();
    values.push(value);
  });
  return values;
}

const cast = (value: string, type: TKeyType): SQL => {
  switch (type) {
    case 'int':
      return sql`${value}::int`;
    case 'uuid':
      return sql`${value}::uuid`;
    case 'timestamptz':
      return sql`${value}::timestamptz`;
    default:
      return sql`${value}::text`;
  }
};

const row = (parts: SQL[]): SQL =>
  parts.length === 1 && parts[0] ? parts[0] : sql`(${sql.join(parts, sql`, `)})`;

/**
 * The rows after `values` in the sort's order. Keys are taken in runs of one direction; each run is
 * one row comparison, which PostgreSQL answers from a matching index, e.g. for (name asc, date desc,
 * id desc): name >= $n and (name > $n or (name = $n and (date, id) < ($d, $i))).
 */
export function afterCursor(spec: TSortSpec, values: readonly string[]): SQL {
  type TRun = { dir: 'asc' | 'desc'; exprs: SQL[]; vals: SQL[] };
  const runs: TRun[] = [];
  spec.keys.forEach((key, i) => {
    const expr = sql`${key.expr}`;
    const val = cast(values[i] ?? '', key.type);
    const last = runs[runs.length - 1];
    if (last && last.dir === key.dir) {
      last.exprs.push(expr);
      last.vals.push(val);
    } else {
      runs.push({ dir: key.dir, exprs: [expr], vals: [val] });
    }
  });
  const build = (index: number): SQL => {
    const run = runs[index] as TRun;
    const op = run.dir === 'asc' ? sql`>` : sql`<`;
    const strict = sql`${row(run.exprs)} ${op} ${row(run.vals)}`;
    if (index === runs.length - 1) return strict;
    return sql`(${strict} or (${row(run.exprs)} = ${row(run.vals)} and ${build(index + 1)}))`;
  };
  const first = runs[0] as TRun;
  if (runs.length === 1) return build(0);
  // The leading bound lets the index scan start at the cursor rather than at the list's start.
  const bound = first.dir === 'asc' ? sql`>=` : sql`<=`;
  return sql`(${row(first.exprs)} ${bound} ${row(first.vals)} and ${build(0)})`;
}

export function orderByKeys(spec: TSortSpec): SQL[] {
  return spec.keys.map((key) => (key.dir === 'asc' ? sql`${key.expr} asc` : sql`${key.expr} desc`));
}

/** Select these beside a list's columns: each key as text, to build the next cursor from. */
export function cursorColumns(spec: TSortSpec): Record<string, SQL<string>> {
  return Object.fromEntries(
    spec.keys.map((key, i) => [`cursorKey${i}`, sql<string>`(${key.expr})::text`]),
  );
}

/** The page size asked for, or the default. */
export const pageLimit = (limit: number | undefined): number => limit ?? PAGE_SIZE_DEFAULT;

/**
 * Splits `limit + 1` fetched rows into the page and its next cursor, and strips the cursor columns.
 */
export function takePage<T extends Record<string, unknown>>(
  spec: TSortSpec,
  fetched: T[],
  limit: number,
): { rows: Omit<T, `cursorKey${number}`>[]; nextCursor: string | null } {
  const more = fetched.length > limit;
  const page = more ? fetched.slice(0, limit) : fetched;
  const last = page[page.length - 1];
  const nextCursor =
    more && last
      ? encodeCursor(
          spec,
          spec.keys.map((_, i) => String(last[`cursorKey${i}`])),
        )
      : null;
  const rows = page.map(
    (r) =>
      Object.fromEntries(
        Object.entries(r).filter(([name]) => !name.startsWith('cursorKey')),
      ) as Omit<T, `cursorKey${number}`>,
  );
  return { rows, nextCursor };
}

export type { TPageInfo };
