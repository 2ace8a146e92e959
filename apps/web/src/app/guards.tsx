import { Navigate, Outlet, useLocation } from 'react-router';
import { dashboardPathFor, type TRole } from '@stem/contract/roles';
import { getStoredRole, isSignedIn } from '../lib/session-core';
import { useSessionVersion } from './use-session';

/** No token: to /login. Otherwise the nested routes render. */
export function RequireAuth() {
  useSessionVersion();
  const location = useLocation();
  if (!isSignedIn()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
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
