import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { answerGroupMerges, answerGroupPins } from '../../db/schema';
import type { TGroupMerge, TGroupPin } from './answer-groups.edits';

/** The teacher's edits of one question's answer groups in one class (issue 27). */

type TScope = { schoolId: string; classId: string; questionId: string };

/** The pins, through answer_group_pins_answer_unique (class, question first). */
export function selectPins(db: TDb, scope: TScope): Promise<TGroupPin[]> {
  return db
    .select({ answerId: answerGroupPins.answerId, groupId: answerGroupPins.groupId })
    .from(answerGroupPins)
    .where(
      and(
        eq(answerGroupPins.classId, scope.classId),
        eq(answerGroupPins.questionId, scope.questionId),
        eq(answerGroupPins.schoolId, scope.schoolId),
      ),
    );
}

/** The merges, through answer_group_merges_from_unique (class, question first). */
export function selectMerges(db: TDb, scope: TScope): Promise<TGroupMerge[]> {
  return db
    .select({ fromGroup: answerGroupMerges.fromGroup, toGroup: answerGroupMerges.toGroup })
    .from(answerGroupMerges)
    .where(
      and(
        eq(answerGroupMerges.classId, scope.classId),
        eq(answerGroupMerges.questionId, scope.questionId),
        eq(answerGroupMerges.schoolId, scope.schoolId),
      ),
    );
}

/** Pins answers to groups (one statement); an answer pinned before is moved. */
export async function upsertPins(
  db: TDb,
  scope: TScope,
  actorId: string,
  pins: readonly TGroupPin[],
  now: Date,
): Promise<void> {
  if (pins.length === 0) return;
  await db
    .insert(answerGroupPins)
    .values(
      pins.map((p) => ({
        ...scope,
        answerId: p.answerId,
        groupId: p.groupId,
        createdBy: actorId,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [answerGroupPins.classId, answerGroupPins.questionId, answerGroupPins.answerId],
      set: {
        groupId: sql`excluded.group_id`,
        createdBy: sql`excluded.created_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** Records that `fromGroup`'s answers are in `toGroup`. */
export async function upsertMerge(
  db: TDb,
  scope: TScope,
  actorId: string,
  merge: TGroupMerge,
  now: Date,
): Promise<void> {
  await db
    .insert(answerGroupMerges)
    .values({ ...scope, ...merge, createdBy: actorId, createdAt: now })
    .onConflictDoUpdate({
      target: [
        answerGroupMerges.classId,
        answerGroupMerges.questionId,
        answerGroupMerges.fromGroup,
      ],
      set: { toGroup: merge.toGroup, createdBy: actorId, createdAt: now },
    });
}

/** Forgets every edit of the question's groups in the class. */
export async function deleteEdits(db: TDb, scope: TScope): Promise<void> {
  await db
    .delete(answerGroupPins)
    .where(
      and(
        eq(answerGroupPins.classId, scope.classId),
        eq(answerGroupPins.questionId, scope.questionId),
        eq(answerGroupPins.schoolId, scope.schoolId),
      ),
    );
  await db
    .delete(answerGroupMerges)
    .where(
      and(
        eq(answerGroupMerges.classId, scope.classId),
        eq(answerGroupMerges.questionId, scope.questionId),
        eq(answerGroupMerges.schoolId, scope.schoolId),
      ),
    );
}
