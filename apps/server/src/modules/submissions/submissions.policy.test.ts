import { describe, expect, it } from 'vitest';
import { answerOverAttemptLimit, canActOnSubmission, isFlagged } from './submissions.policy';

const row = { schoolId: 's1', studentId: 'st1', classTeacherId: 't1', uploadedBy: null };

describe('submissions.policy', () => {
  it('finds the answer that goes past 3 attempts, counting repeats in one submission', () => {
    expect(answerOverAttemptLimit(new Map(), ['q1', 'q2'])).toBe(-1);
    expect(answerOverAttemptLimit(new Map([['q1', 2]]), ['q2', 'q1'])).toBe(-1);
    expect(answerOverAttemptLimit(new Map([['q1', 3]]), ['q2', 'q1'])).toBe(1);
    expect(answerOverAttemptLimit(new Map([['q1', 1]]), ['q1', 'q1', 'q1'])).toBe(2);
  });

  it('lets the student, the class teacher and the uploader act, in their school only', () => {
    const student = { userId: 'st1', role: 'student' as const, schoolId: 's1' };
    const teacher = { userId: 't1', role: 'teacher' as const, schoolId: 's1' };
    const uploader = { userId: 't2', role: 'teacher' as const, schoolId: 's1' };
    expect(canActOnSubmission(student, row)).toBe(true);
    expect(canActOnSubmission(teacher, row)).toBe(true);
    expect(canActOnSubmission(uploader, row)).toBe(false);
    expect(canActOnSubmission(uploader, { ...row, uploadedBy: 't2' })).toBe(true);
    expect(canActOnSubmission({ ...student, userId: 'st2' }, row)).toBe(false);
    expect(canActOnSubmission({ ...teacher, schoolId: 's2' }, row)).toBe(false);
    expect(canActOnSubmission({ userId: 'a1', role: 'admin', schoolId: 's1' }, row)).toBe(false);
  });

  it('flags a submission when any answer is inappropriate', () => {
    const ok = { contentModeration: { isInappropriate: false } };
    expect(isFlagged([ok, { contentModeration: null }])).toBe(false);
    expect(isFlagged([ok, { contentModeration: { isInappropriate: true } }])).toBe(true);
  });
});
