import { MESSAGES } from '@stem/contract/messages';
import type {
  TQuestionMarking,
  TReleaseMode,
  TUpdateQuestionMarkingRequest,
} from '@stem/contract/regrades';
import type { TAppContext } from '../../context';
import type { TDb } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { TAccessClaims } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.service';
import { requireTeacherClass } from '../classes/classes.access';
import { endHold } from '../submissions/submissions.held';
import { presentQuestionMarking } from './release.presenter';
import * as queries from './release.queries';

type TClassQuestion = { classId: string; questionId: string };

const notInClass = () =>
  new AppError('NOT_FOUND', MESSAGES.release.notInClass, { field: 'questionId' });

/** GET /classes/{classId}/marking: each question of the teacher's class with its release state. */
export async function getClassMarking(
  db: TDb,
  user: TAccessClaims,
  classId: string,
): Promise<TQuestionMarking[]> {
  const cls = await requireTeacherClass(db, user, classId);
  const rows = await queries.selectClassMarking(db, cls.schoolId, cls.id);
  return rows.map(presentQuestionMarking);
}

async function markingOf(db: TDb, schoolId: string, p: TClassQuestion): Promise<TQuestionMarking> {
  const [row] = await queries.selectClassMarking(db, schoolId, p.classId, p.questionId);
  if (!row) throw notInClass();
  return presentQuestionMarking(row);
}

/**
 * PATCH /classes/{classId}/questions/{questionId}/marking: the release mode and the re-mark deadline.
 * Going back to 'instant' releases what waits (as turning a question's review hold off does).
 */
export async function updateQuestionMarking(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TClassQuestion,
  input: TUpdateQuestionMarkingRequest,
): Promise<TQuestionMarking> {
  const cls = await requireTeacherClass(ctx.db, user, params.classId);
  const now = ctx.now();
  const before = await markingOf(ctx.db, cls.schoolId, params);
  const values: { releaseMode?: TReleaseMode; regradeDeadline?: Date | null; releasedAt?: Date } =
    {};
  if (input.releaseMode !== undefined) values.releaseMode = input.releaseMode;
  if (input.regradeDeadline !== undefined) {
    values.regradeDeadline =
      input.regradeDeadline === null ? null : new Date(input.regradeDeadline);
  }
  await ctx.db.transaction(async (tx) => {
    if (input.releaseMode === 'instant' && before.releaseMode === 'on_release') {
      const released = await endHold(tx, cls.schoolId, { kind: 'release', ...params }, now);
      if (released > 0) values.releasedAt = now;
    }
    if (!(await queries.updateClassQuestion(tx, cls.id, params.questionId, values))) {
      throw notInClass();
    }
    await recordAudit(tx, {
      schoolId: cls.schoolId,
      actorId: user.userId,
      action: 'marks.settings-changed',
      targetType: 'class',
      targetId: cls.id,
      before: {
        questionId: params.questionId,
        releaseMode: before.releaseMode,
        regradeDeadline: before.regradeDeadline,
      },
      after: {
        questionId: params.questionId,
        releaseMode: values.releaseMode ?? before.releaseMode,
        regradeDeadline:
          values.regradeDeadline === undefined
            ? before.regradeDeadline
            : (values.regradeDeadline?.toISOString() ?? null),
      },
    });
  });
  return markingOf(ctx.db, cls.schoolId, params);
}

/**
 * POST /classes/{classId}/questions/{questionId}/release: every mark of this question in the class
 * that waits for the release goes to its student now (one still held for review stays held until
 * reviewed). Returns how many were released.
 */
export async function releaseMarks(
  ctx: TAppContext,
  user: TAccessClaims,
  params: TClassQuestion,
): Promise<{ released: number; marking: TQuestionMarking }> {
  const cls = await requireTeacherClass(ctx.db, user, params.classId);
  const now = ctx.now();
  const released = await ctx.db.transaction(async (tx) => {
    if (!(await queries.updateClassQuestion(tx, cls.id, params.questionId, { releasedAt: now }))) {
      throw notInClass();
    }
    const count = await endHold(tx, cls.schoolId, { kind: 'release', ...params }, now);
    await recordAudit(tx, {
      schoolId: cls.schoolId,
      actorId: user.userId,
      action: 'marks.released',
      targetType: 'class',
      targetId: cls.id,
      after: { questionId: params.questionId, released: count },
    });
    return count;
  });
  return { released, marking: await markingOf(ctx.db, cls.schoolId, params) };
}

/** Which questions of the class hold new marks until the teacher releases them. */
export async function releaseHeldQuestions(db: TDb, classId: string): Promise<Set<string>> {
  const modes = await queries.selectReleaseModes(db, classId);
  return new Set([...modes].filter(([, mode]) => mode === 'on_release').map(([id]) => id));
}
