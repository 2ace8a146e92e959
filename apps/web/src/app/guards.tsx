import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { dashboardPathFor, type TRole } from '@stem/contract/roles';
import { getStoredRole, isSignedIn } from '../lib/session-core';
import { useSessionVersion } from './use-session';

/**
 * No token: to /login. Otherwise the nested routes render. A page that signed the person out may
 * already be on its way to /login with a message ('Your account and your work have been deleted.'):
 * the redirect keeps that navigation's state rather than replacing it.
 */
export function RequireAuth() {
  useSessionVersion();
  const location = useLocation();
  const navigation = useNavigation();
  if (!isSignedIn()) {
    const pending = navigation.location?.pathname === '/login' ? navigation.location.state : null;
    return <Navigate to="/login" replace state={pending ?? { from: location.pathname }} />;
  }
  return <Outlet />;
}

/** A signed-in user of another role goes to that role's dashboard (spec 01 §2 "Route access"). */
export function RequireRole({ roles }: { roles: readonly TRole[] }) {
  useSessionVersion();
  if (!isSignedIn()) return <Navigate to="/login" replace />;
  const role = getStoredRole();
  if (!role || !roles.includes(role)) return <Navigate to={dashboardPathFor(role)} replace />;
  return <Outlet />;
}

/** Login and register: a signed-in user goes to their own dashboard. */
export function GuestOnly() {
  useSessionVersion();
  if (isSignedIn()) {
    const role = getStoredRole();
    if (role) return <Navigate to={dashboardPathFor(role)} replace />;
  }
  return <Outlet />;
}
