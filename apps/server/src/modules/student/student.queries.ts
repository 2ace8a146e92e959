import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { classQuestions, classStudents, classes, questions, users } from '../../db/schema';

/** The student's side of enrolment: read-only, and never a rubric. */

export type TStudentClassRow = {
  id: string;
  name: string;
  teacherId: string | null;
  teacherName: string | null;
  questionCount: number;
  totalMarks: number;
};

/**
 * The active classes of the school the student is enrolled in (optionally one of them), by name,
 * with the teacher's name, the number of questions and their total marks, in one query.
 */
export function selectEnrolledClasses(
  db: TDb,
  schoolId: string,
  studentId: string,
  classId?: string,
): Promise<TStudentClassRow[]> {
  const teacher = alias(users, 'teacher');
  const where: SQL | undefined = and(
    eq(classes.schoolId, schoolId),
    eq(classes.active, true),
    classId ? eq(classes.id, classId) : undefined,
  );
  return db
    .select({
      id: classes.id,
      name: classes.name,
      teacherId: classes.teacherId,
      teacherName: teacher.name,
      questionCount: sql<number>`(select count(*) from ${classQuestions} where ${eq(
        classQuestions.classId,
        classes.id,
      )})`.mapWith(Number),
      totalMarks:
        sql<number>`(select coalesce(sum(${questions.marks}), 0) from ${classQuestions} inner join ${questions} on ${eq(
          questions.id,
          classQuestions.questionId,
        )} where ${eq(classQuestions.classId, classes.id)})`.mapWith(Number),
    })
    .from(classStudents)
    .innerJoin(classes, eq(classes.id, classStudents.classId))
    .leftJoin(teacher, eq(teacher.id, classes.teacherId))
    .where(and(eq(classStudents.studentId, studentId), where))
    .orderBy(asc(classes.name), asc(classes.id));
}
