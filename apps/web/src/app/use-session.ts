import { useEffect, useState } from 'react';
import { ROLE_REFRESH_MS } from '@stem/contract/limits';
import { SESSION_EVENT, getStoredRole } from '../lib/session-core';

/**
 * Re-renders when the session changes in this tab or another, and re-reads the role every second
 * (spec 01 §4), so a role changed elsewhere takes effect without a reload.
 */
export function useSessionVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    let lastRole = getStoredRole();
    const timer = window.setInterval(() => {
      const role = getStoredRole();
      if (role !== lastRole) {
        lastRole = role;
        bump();
      }
    }, ROLE_REFRESH_MS);
    window.addEventListener('storage', bump);
    window.addEventListener(SESSION_EVENT, bump);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('storage', bump);
      window.removeEventListener(SESSION_EVENT, bump);
    };
  }, []);
  return version;
}
