import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@stem/contract/messages';
import { userChangeRefusal } from './admin.policy';

const ADMIN = 'a';

describe('admin.userChangeRefusal', () => {
  it.each([
    ['delete', 'student', null],
    ['delete', 'teacher', null],
    ['promote', 'student', null],
    ['demote', 'teacher', null],
    ['promote', 'teacher', MESSAGES.admin.onlyStudentsPromoted],
    ['demote', 'student', MESSAGES.admin.onlyTeachersDemoted],
    ['delete', 'admin', MESSAGES.admin.cannotChangeAdmin],
    ['promote', 'owner', MESSAGES.admin.cannotChangeAdmin],
    ['demote', 'admin', MESSAGES.admin.cannotChangeAdmin],
  ] as const)('%s of a %s: %s', (change, role, message) => {
    expect(userChangeRefusal(ADMIN, { id: 'x', role }, change)?.message ?? null).toBe(message);
  });

  it('refuses every change of the admin themselves', () => {
    for (const change of ['delete', 'promote', 'demote'] as const) {
      expect(userChangeRefusal(ADMIN, { id: ADMIN, role: 'admin' }, change)).toEqual({
        code: 'FORBIDDEN',
        message: MESSAGES.admin.cannotChangeSelf,
      });
    }
  });
});
