import { redirect } from 'react-router';
import { signedInHomePath } from './signed-in-home';

/**
 * The landing page's rule inside the app's router (spec 01 §2): a signed-in user found in local
 * storage goes to the owner or admin dashboard by role, anyone else to /dashboard. Runs before the
 * page's code is fetched.
 */
export function landingRedirect(): Response | null {
  const to = signedInHomePath();
  return to ? redirect(to) : null;
}
