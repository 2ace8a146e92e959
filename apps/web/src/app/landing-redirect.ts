import { redirect } from 'react-router';
import { getStoredRole, isSignedIn } from '../lib/session-core';

/**
 * The landing page's rule (spec 01 §2): a signed-in user found in local storage goes to the owner
 * or admin dashboard by role, anyone else to /dashboard. Runs before the page's code is fetched.
 */
export function landingRedirect(): Response | null {
  if (!isSignedIn()) return null;
  const role = getStoredRole();
  if (role === 'owner') return redirect('/owner-dashboard');
  if (role === 'admin') return redirect('/admin-dashboard');
  return redirect('/dashboard');
}
