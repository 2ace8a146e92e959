// The drill's data, written in bulk: demo schools on the Classroom plan (28 students each, in two
// classes) until there are enough students, and one question with a rubric for every class.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import {
  classes,
  classQuestions,
  classStudents,
  questions,
  schools,
  users,
} from '../apps/server/src/db/schema';
import { createDemoSchools, DEMO_SHAPE } from '../apps/server/src/modules/demo/demo.service';

export type TDrillStudent = {
  userId: string;
  schoolId: string;
  classId: string;
  questionId: string;
  name: string;
};

export const DRILL_QUESTION = 'Explain why a ball thrown upwards slows down as it rises.';
export const DRILL_ANSWERS = [
  'Gravity pulls the ball down so it decelerates as it rises.',
  'The weight of the ball acts downwards and slows it until it stops.',
  'Gravity acts against the motion so kinetic energy turns into potential energy.',
  'Air resistance and gravity both act downwards on the rising ball.',
];

export async function seedDrill(databaseUrl: string, count: number): Promise<TDrillStudent[]> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl });
  try {
    const schoolCount = Math.ceil(count / DEMO_SHAPE.students);
    const created = await createDemoSchools(database.db, {
      count: schoolCount,
      password: randomBytes(18).toString('base64url'),
    });
    const codes = created.map((c) => c.school.code);
    const schoolRows = await database.db
      .select({ id: schools.id })
      .from(schools)
      .where(inArray(schools.code, codes));
    const schoolIds = schoolRows.map((s) => s.id);
    const classRows = await database.db
      .select({ id: classes.id, schoolId: classes.schoolId, teacherId: classes.teacherId })
      .from(classes)
      .where(inArray(classes.schoolId, schoolIds));
    const questionRows = await database.db
      .insert(questions)
      .values(
        classRows.map((c) => ({
          schoolId: c.schoolId,
          teacherId: c.teacherId,
          question: DRILL_QUESTION,
          marks: 4,
          lowMarkRange: '0-1',
          highMarkRange: '3-4',
          rubric:
            'Low Mark Range (0-1):\nSays the ball slows without a reason.\n\nHigh Mark Range (3-4):\nNames gravity (the weight) acting downwards, against the motion, so the ball decelerates.',
          referenceAnswer: DRILL_ANSWERS[0],
        })),
      )
      .returning({ id: questions.id });
    await database.db.insert(classQuestions).values(
      classRows.map((c, i) => ({
        classId: c.id,
        questionId: (questionRows[i] as { id: string }).id,
        position: 0,
      })),
    );
    const questionOf = new Map(
      classRows.map((c, i) => [c.id, (questionRows[i] as { id: string }).id]),
    );
    const enrolled = await database.db
      .select({
        userId: users.id,
        schoolId: users.schoolId,
        name: users.name,
        classId: classStudents.classId,
      })
      .from(classStudents)
      .innerJoin(users, eq(users.id, classStudents.studentId))
      .where(inArray(classStudents.classId, [...questionOf.keys()]));
    return enrolled.slice(0, count).map((row) => ({
      userId: row.userId,
      schoolId: row.schoolId as string,
      classId: row.classId,
      questionId: questionOf.get(row.classId) as string,
      name: row.name,
    }));
  } finally {
    await database.close();
  }
}
