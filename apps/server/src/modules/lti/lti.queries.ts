import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { deleteStatesExpiredBefore, spendState } from '../../db/single-use';
import {
  classQuestions,
  classStudents,
  classTests,
  classes,
  ltiContexts,
  ltiLaunches,
  ltiLaunchStates,
  ltiLineItems,
  ltiPlatforms,
  ltiRegistrationLinks,
  ltiScoreSends,
  ltiToolKeys,
  questions,
  schools,
  userIdentities,
  users,
} from '../../db/schema';

/** Every table access of the LTI 1.3 tool (issue 29). Callers pass `db` or a transaction. */

export type TPlatformRow = typeof ltiPlatforms.$inferSelect;
export type TContextRow = typeof ltiContexts.$inferSelect;
export type TLaunchRow = typeof ltiLaunches.$inferSelect;

// The tool's key

export async function findToolKey(db: TDb) {
  const rows = await db.select().from(ltiToolKeys).where(eq(ltiToolKeys.slot, 1)).limit(1);
  return rows[0] ?? null;
}

export async function insertToolKey(
  db: TDb,
  values: Omit<typeof ltiToolKeys.$inferInsert, 'slot'>,
): Promise<void> {
  await db
    .insert(ltiToolKeys)
    .values({ ...values, slot: 1 })
    .onConflictDoNothing();
}

// Platforms

export async function selectPlatforms(db: TDb) {
  return db
    .select({ platform: ltiPlatforms, schoolName: schools.name })
    .from(ltiPlatforms)
    .innerJoin(schools, eq(schools.id, ltiPlatforms.schoolId))
    .orderBy(asc(ltiPlatforms.createdAt), asc(ltiPlatforms.id));
}

export async function findPlatformWithSchool(db: TDb, id: string) {
  const rows = await db
    .select({ platform: ltiPlatforms, schoolName: schools.name })
    .from(ltiPlatforms)
    .innerJoin(schools, eq(schools.id, ltiPlatforms.schoolId))
    .where(eq(ltiPlatforms.id, id))
    .limit(1);
  return rows[0] ?? null;
}

export async function findPlatformById(db: TDb, id: string): Promise<TPlatformRow | null> {
  const rows = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The registrations of an issuer (one, or one per client id). */
export async function selectPlatformsByIssuer(db: TDb, issuer: string): Promise<TPlatformRow[]> {
  return db.select().from(ltiPlatforms).where(eq(ltiPlatforms.issuer, issuer));
}

export async function insertPlatform(
  db: TDb,
  values: Omit<typeof ltiPlatforms.$inferInsert, 'id'>,
): Promise<string | null> {
  const rows = await db
    .insert(ltiPlatforms)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: ltiPlatforms.id });
  return rows[0]?.id ?? null;
}

/** Every registration's framing sources: issuer, authentication endpoint and the owner's extras. */
export async function selectFrameSources(db: TDb) {
  return db
    .select({
      issuer: ltiPlatforms.issuer,
      authLoginUrl: ltiPlatforms.authLoginUrl,
      frameOrigins: ltiPlatforms.frameOrigins,
    })
    .from(ltiPlatforms);
}

export async function updatePlatform(
  db: TDb,
  id: string,
  values: { deploymentIds: string[]; frameOrigins: string[] },
): Promise<boolean> {
  const rows = await db
    .update(ltiPlatforms)
    .set(values)
    .where(eq(ltiPlatforms.id, id))
    .returning({ id: ltiPlatforms.id });
  return rows.length > 0;
}

export async function deletePlatform(db: TDb, id: string): Promise<boolean> {
  const rows = await db
    .delete(ltiPlatforms)
    .where(eq(ltiPlatforms.id, id))
    .returning({ id: ltiPlatforms.id });
  return rows.length > 0;
}

export async function schoolExists(db: TDb, schoolId: string): Promise<boolean> {
  const rows = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.id, schoolId))
    .limit(1);
  return rows.length > 0;
}

// Launch states

export type TLaunchStateRow = typeof ltiLaunchStates.$inferSelect;

export async function insertLaunchState(
  db: TDb,
  values: Omit<
    typeof ltiLaunchStates.$inferInsert,
    'id' | 'usedAt' | 'relaunchHash' | 'relaunchExpiresAt' | 'relaunchUsedAt'
  >,
): Promise<void> {
  await db.insert(ltiLaunchStates).values(values);
}

/** A live, unused state, read without spending it (to choose how the launch is tied to the browser). */
export async function findLiveLaunchState(
  db: TDb,
  stateHash: string,
  now: Date,
): Promise<TLaunchStateRow | null> {
  const rows = await db
    .select()
    .from(ltiLaunchStates)
    .where(
      and(
        eq(ltiLaunchStates.stateHash, stateHash),
        isNull(ltiLaunchStates.usedAt),
        gt(ltiLaunchStates.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Gives a spent state its single-use relaunch code (the new-tab button of a framed launch). */
export async function setRelaunch(
  db: TDb,
  id: string,
  relaunchHash: string,
  relaunchExpiresAt: Date,
): Promise<void> {
  await db
    .update(ltiLaunchStates)
    .set({ relaunchHash, relaunchExpiresAt })
    .where(eq(ltiLaunchStates.id, id));
}

/** Spends a live relaunch code in one statement: of two callers only one gets it. */
export async function consumeRelaunch(
  db: TDb,
  relaunchHash: string,
  now: Date,
): Promise<TLaunchStateRow | null> {
  const rows = await db
    .update(ltiLaunchStates)
    .set({ relaunchUsedAt: now })
    .where(
      and(
        eq(ltiLaunchStates.relaunchHash, relaunchHash),
        isNull(ltiLaunchStates.relaunchUsedAt),
        gt(ltiLaunchStates.relaunchExpiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Spends a live, unused state in one statement: of two callers only one gets it. */
export function consumeLaunchState(db: TDb, stateHash: string, now: Date) {
  return spendState(db, ltiLaunchStates, stateHash, now);
}

/** Deletes launch states and launches that expired before `before`; returns how many. */
export async function deleteExpired(db: TDb, before: Date): Promise<number> {
  const states = await deleteStatesExpiredBefore(db, ltiLaunchStates, before);
  const launches = await db
    .delete(ltiLaunches)
    .where(lt(ltiLaunches.expiresAt, before))
    .returning({ id: ltiLaunches.id });
  const links = await db
    .delete(ltiRegistrationLinks)
    .where(lt(ltiRegistrationLinks.expiresAt, before))
    .returning({ id: ltiRegistrationLinks.id });
  return states + launches.length + links.length;
}

// Registration links (LTI Dynamic Registration)

export type TRegistrationLinkRow = typeof ltiRegistrationLinks.$inferSelect;

export async function insertRegistrationLink(
  db: TDb,
  values: Omit<
    typeof ltiRegistrationLinks.$inferInsert,
    'id' | 'claimedAt' | 'usedAt' | 'platformId'
  >,
): Promise<string> {
  const rows = await db
    .insert(ltiRegistrationLinks)
    .values(values)
    .returning({ id: ltiRegistrationLinks.id });
  const id = rows[0]?.id;
  if (!id) throw new Error('The registration link was not stored');
  return id;
}

/** The links, newest first, with their school's name and the platform each one made. */
export async function selectRegistrationLinks(db: TDb, limit: number, id?: string) {
  return db
    .select({
      link: ltiRegistrationLinks,
      schoolName: schools.name,
      platformName: ltiPlatforms.name,
    })
    .from(ltiRegistrationLinks)
    .innerJoin(schools, eq(schools.id, ltiRegistrationLinks.schoolId))
    .leftJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiRegistrationLinks.platformId))
    .where(id ? eq(ltiRegistrationLinks.id, id) : undefined)
    .orderBy(desc(ltiRegistrationLinks.createdAt), desc(ltiRegistrationLinks.id))
    .limit(limit);
}

export async function deleteRegistrationLink(db: TDb, id: string) {
  const rows = await db
    .delete(ltiRegistrationLinks)
    .where(eq(ltiRegistrationLinks.id, id))
    .returning();
  return rows[0] ?? null;
}

/** A link that may still be used (not spent, not expired), by the hash of its code. */
export async function findLiveRegistrationLink(
  db: TDb,
  tokenHash: string,
  now: Date,
): Promise<TRegistrationLinkRow | null> {
  const rows = await db
    .select()
    .from(ltiRegistrationLinks)
    .where(
      and(
        eq(ltiRegistrationLinks.tokenHash, tokenHash),
        isNull(ltiRegistrationLinks.usedAt),
        gt(ltiRegistrationLinks.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Claims a live link for one registration in one statement: of two at once only one gets it. A
 * claim older than `staleBefore` (a registration that died half-way) no longer holds it.
 */
export async function claimRegistrationLink(
  db: TDb,
  tokenHash: string,
  now: Date,
  staleBefore: Date,
): Promise<TRegistrationLinkRow | null> {
  const rows = await db
    .update(ltiRegistrationLinks)
    .set({ claimedAt: now })
    .where(
      and(
        eq(ltiRegistrationLinks.tokenHash, tokenHash),
        isNull(ltiRegistrationLinks.usedAt),
        gt(ltiRegistrationLinks.expiresAt, now),
        or(isNull(ltiRegistrationLinks.claimedAt), lt(ltiRegistrationLinks.claimedAt, staleBefore)),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Lets a link go after a registration that failed: the LMS admin may try again. */
export async function releaseRegistrationLink(db: TDb, id: string): Promise<void> {
  await db
    .update(ltiRegistrationLinks)
    .set({ claimedAt: null })
    .where(and(eq(ltiRegistrationLinks.id, id), isNull(ltiRegistrationLinks.usedAt)));
}

export async function spendRegistrationLink(
  db: TDb,
  id: string,
  platformId: string,
  now: Date,
): Promise<void> {
  await db
    .update(ltiRegistrationLinks)
    .set({ usedAt: now, platformId })
    .where(eq(ltiRegistrationLinks.id, id));
}

// Identities

export async function findIdentityUserId(db: TDb, provider: string, subject: string) {
  const rows = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

/** The accounts linked to identities of a provider, by subject. */
export async function selectIdentities(db: TDb, provider: string, subjects: readonly string[]) {
  if (subjects.length === 0) return [];
  return db
    .select({ userId: userIdentities.userId, subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), inArray(userIdentities.subject, subjects)));
}

/** The subjects of a provider linked to these accounts. */
export async function selectSubjectsOf(db: TDb, provider: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: userIdentities.userId, subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), inArray(userIdentities.userId, userIds)));
}

/** Links identities; one already linked (either way) is left as it is. */
export async function insertIdentities(
  db: TDb,
  rows: readonly { userId: string; provider: string; subject: string; email: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(userIdentities)
    .values([...rows])
    .onConflictDoNothing();
}

// Contexts (courses)

/** Records a course and the service addresses of its latest launch. */
export async function upsertContext(
  db: TDb,
  values: {
    platformId: string;
    contextId: string;
    title: string;
    deploymentId: string;
    membershipsUrl: string | null;
    lineItemsUrl: string | null;
    agsScopes: string[];
  },
  now: Date,
): Promise<TContextRow> {
  const rows = await db
    .insert(ltiContexts)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [ltiContexts.platformId, ltiContexts.contextId],
      set: {
        title: values.title,
        deploymentId: values.deploymentId,
        // A launch without a service claim keeps what an earlier launch gave.
        membershipsUrl: sql`coalesce(excluded.memberships_url, ${ltiContexts.membershipsUrl})`,
        lineItemsUrl: sql`coalesce(excluded.line_items_url, ${ltiContexts.lineItemsUrl})`,
        agsScopes: sql`case when cardinality(excluded.ags_scopes) > 0 then excluded.ags_scopes else ${ltiContexts.agsScopes} end`,
        updatedAt: now,
      },
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('The LTI context was not stored');
  return row;
}

export async function findContext(db: TDb, id: string): Promise<TContextRow | null> {
  const rows = await db.select().from(ltiContexts).where(eq(ltiContexts.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Links a course to a class unless it is linked already; returns the class it is linked to. */
export async function linkContextToClass(
  db: TDb,
  contextRowId: string,
  classId: string,
): Promise<string | null> {
  await db
    .update(ltiContexts)
    .set({ classId })
    .where(and(eq(ltiContexts.id, contextRowId), isNull(ltiContexts.classId)));
  const row = await findContext(db, contextRowId);
  return row?.classId ?? null;
}

/** The courses linked to a class, with their platform. */
export async function selectClassContexts(db: TDb, classId: string) {
  return db
    .select({ context: ltiContexts, platform: ltiPlatforms })
    .from(ltiContexts)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .where(eq(ltiContexts.classId, classId))
    .orderBy(asc(ltiContexts.createdAt));
}

// Launches handed to the web app

export async function insertLaunch(
  db: TDb,
  values: Omit<typeof ltiLaunches.$inferInsert, 'id'>,
): Promise<string> {
  const rows = await db.insert(ltiLaunches).values(values).returning({ id: ltiLaunches.id });
  const id = rows[0]?.id;
  if (!id) throw new Error('The LTI launch was not stored');
  return id;
}

export async function consumeHandoff(db: TDb, handoffHash: string, now: Date) {
  const rows = await db
    .update(ltiLaunches)
    .set({ handoffUsedAt: now })
    .where(
      and(
        eq(ltiLaunches.handoffHash, handoffHash),
        isNull(ltiLaunches.handoffUsedAt),
        gt(ltiLaunches.handoffExpiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function findLaunch(db: TDb, id: string): Promise<TLaunchRow | null> {
  const rows = await db.select().from(ltiLaunches).where(eq(ltiLaunches.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function setDeepLinkChoice(
  db: TDb,
  id: string,
  values: {
    classId: string;
    questionId: string | null;
    testId: string | null;
    ticketHash: string;
  },
): Promise<void> {
  await db
    .update(ltiLaunches)
    .set({ ...values, ticketUsedAt: null })
    .where(eq(ltiLaunches.id, id));
}

export async function consumeTicket(db: TDb, id: string, ticketHash: string, now: Date) {
  const rows = await db
    .update(ltiLaunches)
    .set({ ticketUsedAt: now })
    .where(
      and(
        eq(ltiLaunches.id, id),
        eq(ltiLaunches.ticketHash, ticketHash),
        isNull(ltiLaunches.ticketUsedAt),
        gt(ltiLaunches.expiresAt, now),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

// Classes and questions

export async function findClass(db: TDb, classId: string) {
  const rows = await db
    .select({
      id: classes.id,
      name: classes.name,
      schoolId: classes.schoolId,
      teacherId: classes.teacherId,
    })
    .from(classes)
    .where(eq(classes.id, classId))
    .limit(1);
  return rows[0] ?? null;
}

export async function findClassQuestion(db: TDb, classId: string, questionId: string) {
  const rows = await db
    .select({ id: questions.id, question: questions.question, marks: questions.marks })
    .from(classQuestions)
    .innerJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(and(eq(classQuestions.classId, classId), eq(classQuestions.questionId, questionId)))
    .limit(1);
  return rows[0] ?? null;
}

/** A teacher's active classes with their questions, for the deep linking picker. */
export async function selectTeacherClassQuestions(db: TDb, teacherId: string) {
  return db
    .select({
      classId: classes.id,
      className: classes.name,
      questionId: questions.id,
      question: questions.question,
      marks: questions.marks,
    })
    .from(classes)
    .leftJoin(classQuestions, eq(classQuestions.classId, classes.id))
    .leftJoin(questions, eq(questions.id, classQuestions.questionId))
    .where(and(eq(classes.teacherId, teacherId), eq(classes.active, true)))
    .orderBy(asc(classes.name), asc(classes.id), asc(classQuestions.position));
}

export async function placeStudent(db: TDb, classId: string, studentId: string, now: Date) {
  await db
    .insert(classStudents)
    .values({ classId, studentId, createdAt: now })
    .onConflictDoNothing();
}

// Gradebook columns and scores

/** A gradebook column of a question or (testId) a test: exactly one of the two. */
export type TLineItemTarget =
  { questionId: string; testId: null } | { questionId: null; testId: string };

export async function upsertLineItem(
  db: TDb,
  values: { contextRowId: string; classId: string; lineItemUrl: string } & TLineItemTarget,
): Promise<void> {
  await db
    .insert(ltiLineItems)
    .values(values)
    .onConflictDoUpdate({
      target: [ltiLineItems.contextRowId, ltiLineItems.lineItemUrl],
      set: { classId: values.classId, questionId: values.questionId, testId: values.testId },
    });
}

/** The class's gradebook columns (or those of one question or test), labelled with its text or title. */
export async function selectLineItems(db: TDb, classId: string, target?: TLineItemTarget) {
  const of = !target
    ? undefined
    : target.testId === null
      ? eq(ltiLineItems.questionId, target.questionId)
      : eq(ltiLineItems.testId, target.testId);
  return db
    .select({
      lineItem: ltiLineItems,
      context: ltiContexts,
      platform: ltiPlatforms,
      question: sql<string>`coalesce(${questions.question}, ${classTests.title}, '')`,
    })
    .from(ltiLineItems)
    .innerJoin(ltiContexts, eq(ltiContexts.id, ltiLineItems.contextRowId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiContexts.platformId))
    .leftJoin(questions, eq(questions.id, ltiLineItems.questionId))
    .leftJoin(classTests, eq(classTests.id, ltiLineItems.testId))
    .where(and(eq(ltiLineItems.classId, classId), of))
    .orderBy(asc(ltiLineItems.createdAt));
}

/** The class's students, by name. */
export async function selectClassStudents(db: TDb, classId: string) {
  return db
    .select({ id: users.id, name: users.name })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .where(eq(classStudents.classId, classId))
    .orderBy(asc(users.name), asc(users.id));
}

export async function upsertScoreSend(
  db: TDb,
  values: typeof ltiScoreSends.$inferInsert,
): Promise<void> {
  await db
    .insert(ltiScoreSends)
    .values(values)
    .onConflictDoUpdate({
      target: [ltiScoreSends.lineItemId, ltiScoreSends.studentId],
      set: {
        status: values.status,
        scoreGiven: values.scoreGiven,
        scoreMaximum: values.scoreMaximum,
        detail: values.detail ?? null,
        sentAt: values.sentAt,
      },
    });
}

export async function selectScoreSends(db: TDb, lineItemIds: readonly string[]) {
  if (lineItemIds.length === 0) return [];
  return db.select().from(ltiScoreSends).where(inArray(ltiScoreSends.lineItemId, lineItemIds));
}

/** Unlinks every account from a removed platform's identities. */
export async function deleteIdentitiesOf(db: TDb, provider: string): Promise<void> {
  await db.delete(userIdentities).where(eq(userIdentities.provider, provider));
}
