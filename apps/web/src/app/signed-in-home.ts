import { getStoredRole, isSignedIn } from '../lib/session-core';

/**
 * Where `/` sends a signed-in visitor (spec 01 §2): the owner's or the admin's dashboard by role,
 * anyone else /dashboard; null when nobody is signed in. Free of the router, so the landing page's
 * own entry (src/landing-main.tsx) and the app's route loader share the one rule.
 */
export function signedInHomePath(): string | null {
  if (!isSignedIn()) return null;
  const role = getStoredRole();
  if (role === 'owner') return '/owner-dashboard';
  if (role === 'admin') return '/admin-dashboard';
  return '/dashboard';
}
