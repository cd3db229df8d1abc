import type { Role } from '@stellar/shared';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth';
import { CHANGE_PASSWORD_PATH } from '@/features/auth';
import { hasAnyRole } from '@/lib/roles';
import { clearToken, useSessionToken } from '@/lib/session';

interface RouteGuardProps {
  /** Roles allowed in; any signed-in user when absent. */
  roles?: readonly Role[];
}

/**
 * The spec's route guard: no token goes to /login, a failed token check forgets the token and goes
 * to /login, a role outside `roles` goes to /unauthorized, and "Loading..." shows meanwhile.
 * An account that must choose a new password is sent to do that first (the API refuses it otherwise).
 */
export function RouteGuard({ roles }: RouteGuardProps) {
  const token = useSessionToken();
  const { user, error } = useCurrentUser();
  const location = useLocation();
  const failed = token !== null && error !== null;

  useEffect(() => {
    if (failed) clearToken();
  }, [failed]);

  if (token === null || failed) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  if (!user) return <LoadingState label="Loading..." />;
  if (roles && !hasAnyRole(user.role, roles)) return <Navigate to="/unauthorized" replace />;
  if (user.mustChangePassword && location.pathname !== CHANGE_PASSWORD_PATH) {
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  }
  return <Outlet />;
}
