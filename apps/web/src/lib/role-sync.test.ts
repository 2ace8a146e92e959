import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setupLocalBackend } from '../test/local-backend';
import { signIn } from '../test/session';
import { api, resetUserSync } from './http';
import { getStoredRole, getStoredUser } from './session';

const backend = setupLocalBackend();
beforeEach(() => {
  resetUserSync();
  signIn('teacher');
});

const me = (role: string) => ({
  status: 200,
  body: {
    success: true,
    user: { ...getStoredUser(), role },
  },
});

describe('the stored role follows the server', () => {
  it('re-reads the user after a 403, so a demoted teacher moves to the student screens', async () => {
    backend.on('GET', '/teacher/classes', {
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'no' },
    });
    backend.on('GET', '/auth/me', me('student'));
    await expect(api.get('/teacher/classes')).rejects.toThrow();
    await waitFor(() => expect(getStoredRole()).toBe('student'));
    expect(getStoredUser()?.role).toBe('student');
  });

  it('asks at most once in a while, however many calls are refused', async () => {
    backend.on('GET', '/teacher/classes', {
      status: 403,
      body: { success: false, code: 'FORBIDDEN', message: 'no' },
    });
    backend.on('GET', '/auth/me', me('teacher'));
    await Promise.allSettled([api.get('/teacher/classes'), api.get('/teacher/classes')]);
    await waitFor(() => expect(backend.seen.filter((r) => r.path === '/auth/me')).toHaveLength(1));
  });
});
