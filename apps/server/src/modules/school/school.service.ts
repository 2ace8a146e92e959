import { createHash } from 'node:crypto';
import { API_BASE } from '@stem/contract/api';
import { USAGE_CHART_WEEKS } from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { maxStudentsForPlan } from '@stem/contract/plans';
import type { TSchoolUpdateResponse, TSchoolUsage } from '@stem/contract/school';
import type { TAppContext } from '../../context';
import { ExtractionError } from '../../extraction/file-type';
import { drawSvgLogo } from '../../extraction/work/svg-process';
import { AppError } from '../../lib/app-error';
import { localDate, localMidnight } from '../../lib/london-month';
import type { TAccessClaims } from '../../lib/tokens';
import { findSchoolById } from '../auth/auth.queries';
import { editRefusal, logoRefusal, sniffLogo } from './school.policy';
import * as queries from './school.queries';

async function editableSchool(ctx: TAppContext, user: TAccessClaims) {
  const school = user.schoolId ? await findSchoolById(ctx.db, user.schoolId) : null;
  if (!school) throw new AppError('NOT_FOUND', MESSAGES.server.noSchool);
  const refusal = editRefusal(user.role, school.plan);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  return school;
}

/** POST /school/update-name: a teacher of a paid school renames it (blank refused by the schema). */
export async function updateName(
  ctx: TAppContext,
  user: TAccessClaims,
  name: string,
): Promise<TSchoolUpdateResponse> {
  const school = await editableSchool(ctx, user);
  const row = await queries.updateSchoolName(ctx.db, school.id, name, ctx.now());
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.server.noSchool);
  return {
    success: true,
    message: MESSAGES.settings.nameUpdated,
    schoolName: row.name,
    logo: row.logo,
  };
}

/**
 * Re-encodes an accepted logo as a PNG of at most 512 px a side (extraction/logo.ts) within the page
 * budget's time: a bitmap in a worker thread, an SVG in a process of its own (ended on time), drawn
 * to pixels so no script or external reference in it is ever stored or served. One too costly to
 * draw is refused (422).
 */
export async function toPng(ctx: TAppContext, bytes: Uint8Array): Promise<Buffer> {
  try {
    const seconds = ctx.config.imageWork.pageBudget.ms / 1000;
    const png =
      sniffLogo(bytes) === 'svg'
        ? await drawSvgLogo(bytes, seconds)
        : await ctx.imageWork.run('logo', { bytes, timeoutSeconds: seconds });
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  } catch (error) {
    if (!(error instanceof ExtractionError)) throw error;
    if (error.kind === 'busy') throw new AppError('UNAVAILABLE', error.message, { field: 'logo' });
    const message =
      error.kind === 'too-complex'
        ? MESSAGES.settings.logoTooComplex
        : MESSAGES.settings.logoUnreadable;
    throw new AppError('UNPROCESSABLE', message, { field: 'logo' });
  }
}

/** POST /school/update-logo: JPG, PNG, GIF or SVG up to 2 MB, checked from the bytes. */
export async function updateLogo(
  ctx: TAppContext,
  user: TAccessClaims,
  bytes: Uint8Array,
): Promise<TSchoolUpdateResponse> {
  const school = await editableSchool(ctx, user);
  const refusal = logoRefusal(bytes);
  if (refusal) {
    throw new AppError(
      refusal.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
      refusal.message,
      { field: 'logo' },
    );
  }
  const png = await toPng(ctx, bytes);
  const etag = createHash('sha256').update(png).digest('base64url').slice(0, 22);
  const url = `${API_BASE}/school/logo/${school.id}?v=${etag}`;
  const row = await queries.saveLogo(ctx.db, {
    schoolId: school.id,
    data: png.toString('base64'),
    etag,
    url,
    now: ctx.now(),
  });
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.server.noSchool);
  return {
    success: true,
    message: MESSAGES.settings.logoUpdated,
    schoolName: row.name,
    logo: row.logo,
  };
}

export async function getLogo(ctx: TAppContext, schoolId: string) {
  const logo = await queries.findLogo(ctx.db, schoolId);
  if (!logo) throw new AppError('NOT_FOUND', MESSAGES.generic.notFound);
  return {
    etag: `"${logo.etag}"`,
    contentType: logo.contentType,
    bytes: Buffer.from(logo.data, 'base64'),
  };
}

/** The Mondays (YYYY-MM-DD, London) of the last `weeks` weeks, oldest first, this week last. */
export function lastWeekStarts(now: Date, weeks: number): string[] {
  const { year, month, day } = localDate(now);
  const today = Date.UTC(year, month - 1, day);
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = today - weekday * 86_400_000;
  return Array.from({ length: weeks }, (_, i) =>
    new Date(monday - (weeks - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

/** GET /school/usage: the Student Usage chart of paid teachers (spec 01 §2), aggregated in SQL. */
export async function getUsage(ctx: TAppContext, user: TAccessClaims): Promise<TSchoolUsage> {
  const school = await editableSchool(ctx, user);
  const weeks = lastWeekStarts(ctx.now(), USAGE_CHART_WEEKS);
  const [y, m, d] = (weeks[0] ?? '1970-01-01').split('-').map(Number);
  const since = localMidnight(y ?? 1970, m ?? 1, d ?? 1);
  const [rows, students] = await Promise.all([
    queries.weeklySubmissionsPerStudent(ctx.db, school.id, since),
    queries.listSchoolStudents(ctx.db, school.id),
  ]);
  const nameOf = new Map(students.map((s) => [s.id, s.name]));
  const byWeek = new Map(weeks.map((w) => [w, {} as Record<string, number>]));
  for (const row of rows) {
    const bucket = byWeek.get(row.week);
    const name = nameOf.get(row.studentId);
    if (bucket && name) bucket[name] = (bucket[name] ?? 0) + Number(row.n);
  }
  const studentLimit = maxStudentsForPlan(school.plan) ?? 0;
  return {
    weeks: weeks.map((weekStart) => ({ weekStart, perStudent: byWeek.get(weekStart) ?? {} })),
    students,
    studentsUsed: students.length,
    studentLimit,
    limitReached: studentLimit > 0 && students.length >= studentLimit,
  };
}
