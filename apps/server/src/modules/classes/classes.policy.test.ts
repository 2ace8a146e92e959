import { describe, expect, it } from 'vitest';
import type { TAccessClaims } from '../../lib/tokens';
import { canManageClass, canViewClassAsStudent, studentsOutsideSchool } from './classes.policy';

const teacher: TAccessClaims = { userId: 't1', role: 'teacher', schoolId: 's1' };
const student: TAccessClaims = { userId: 'p1', role: 'student', schoolId: 's1' };
const cls = { schoolId: 's1', teacherId: 't1', active: true };

describe('classes.policy', () => {
  it.each([
    ['own class', teacher, cls, true],
    ["a colleague's class", teacher, { ...cls, teacherId: 't2' }, false],
    ['another school', teacher, { ...cls, schoolId: 's2' }, false],
    ['a class without teacher', teacher, { ...cls, teacherId: null }, false],
    ['an admin', { ...teacher, role: 'admin' as const }, cls, false],
  ])('canManageClass: %s', (_name, user, facts, expected) => {
    expect(canManageClass(user, facts)).toBe(expected);
  });

  it.each([
    ['enrolled in an active class', student, cls, true, true],
    ['not enrolled', student, cls, false, false],
    ['inactive class', student, { ...cls, active: false }, true, false],
    ['another school', student, { ...cls, schoolId: 's2' }, true, false],
    ['a teacher', teacher, cls, true, false],
  ])('canViewClassAsStudent: %s', (_name, user, facts, enrolled, expected) => {
    expect(canViewClassAsStudent(user, facts, enrolled)).toBe(expected);
  });

  it('names the ids that are not students of the school', () => {
    expect(studentsOutsideSchool(['a', 'b', 'c'], ['a', 'c'])).toEqual(['b']);
    expect(studentsOutsideSchool(['a'], ['a'])).toEqual([]);
  });
});
