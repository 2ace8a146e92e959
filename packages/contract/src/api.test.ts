import { describe, expect, it } from 'vitest';
import { CLASS_PATHS, QUESTION_PATHS, fillPath } from './api';

describe('fillPath', () => {
  it('fills every parameter, encoded', () => {
    expect(fillPath(QUESTION_PATHS.details, { id: 'a b' })).toBe('/question/questions/a%20b');
    expect(fillPath(CLASS_PATHS.students, { classId: 'c1' })).toBe('/teacher/class/c1/students');
  });

  it('refuses a missing parameter', () => {
    expect(() => fillPath(CLASS_PATHS.details, {})).toThrow(/classId/);
  });
});
