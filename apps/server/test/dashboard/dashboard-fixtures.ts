import { randomBytes } from 'node:crypto';
import type { TRole } from '@stem/contract/roles';
import type { TDb } from '../../src/db/client';
import {
  classStudents,
  classes,
  questions,
  schools,
  submissions,
  users,
} from '../../src/db/schema';
import { openSession } from '../../src/modules/auth/auth.sessions';

/** Small row builders for the dashboard tests: real rows, inserted with Drizzle. */
export function fixtures(db: TDb, jwtSecret: string) {
  let sequence = 0;
  const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

  return {
    async school(values: Partial<typeof schools.$inferInsert> = {}) {
      const code = randomBytes(8).toString('hex').toUpperCase();
      const [row] = await db
        .insert(schools)
        .values({ code, name: `School ${code.slice(0, 4)}`, ...values })
        .returning();
      if (!row) throw new Error('school not inserted');
      return row;
    },

    async user(
      role: TRole,
      schoolId: string | null,
      values: Partial<typeof users.$inferInsert> = {},
    ) {
      const [row] = await db
        .insert(users)
        .values({
          schoolId,
          role,
          name: `${role} ${unique()}`,
          email: `${role}-${unique()}@example.com`,
          ...values,
        })
        .returning();
      if (!row) throw new Error('user not inserted');
      return row;
    },

    async klass(
      schoolId: string,
      teacherId: string | null,
      values: Partial<typeof classes.$inferInsert> = {},
    ) {
      const [row] = await db
        .insert(classes)
        .values({ schoolId, teacherId, name: `Class ${unique()}`, ...values })
        .returning();
      if (!row) throw new Error('class not inserted');
      return row;
    },

    async enrol(classId: string, studentIds: string[]) {
      if (studentIds.length === 0) return;
      await db
        .insert(classStudents)
        .values(studentIds.map((studentId) => ({ classId, studentId })));
    },

    async question(schoolId: string, teacherId: string) {
      const [row] = await db
        .insert(questions)
        .values({
          schoolId,
          teacherId,
          question: 'Explain photosynthesis.',
          marks: 5,
          lowMarkRange: '0-1',
          highMarkRange: '3-5',
          rubric: 'Low Mark Range: ... High Mark Range: ...',
        })
        .returning();
      if (!row) throw new Error('question not inserted');
      return row;
    },

    async submission(values: typeof submissions.$inferInsert) {
      const [row] = await db.insert(submissions).values(values).returning();
      if (!row) throw new Error('submission not inserted');
      return row;
    },

    /** A bearer header for this user: a session of theirs, signed with the app's own secret. */
    async auth(user: { id: string; role: TRole; schoolId: string | null }) {
      const { token } = await openSession(db, jwtSecret, user);
      return { authorization: `Bearer ${token}` };
    },
  };
}

/** A fixed instant plus some minutes, so "newest first" is unambiguous. */
export const minutesAfter = (minutes: number) =>
  new Date(Date.UTC(2025, 2, 11, 9, 0, 0) + minutes * 60_000);
