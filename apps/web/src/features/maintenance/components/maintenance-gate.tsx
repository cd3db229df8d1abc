import type { ReactNode } from 'react';
import { maintenancePageFor } from '@stellar/shared';
import { Navigate, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { LoadingState } from '@/components/ui/spinner';
import { isStaff } from '@/lib/roles';
import { useSessionToken } from '@/lib/session';
import { useCurrentUser } from '@/lib/auth';
import { useMaintenanceStatus } from '../api/get-maintenance-status';

export const STAFF_MAINTENANCE_NOTICE =
  'This page is under maintenance. Visitors are being shown the maintenance page.';

const SCREEN_TALL = 'min-h-[calc(100dvh-4rem)]';

/**
 * Maintenance (docs/product.md#decisions): a page whose switch is on sends non-staff visitors to /maintenance, while
 * Support, Admin and Owner see the page under a banner. An unreadable status leaves pages open
 * (its failure is only logged, by the shell).
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const page = maintenancePageFor(pathname);
  const status = useMaintenanceStatus();
  const token = useSessionToken();
  const { user, isLoading: userLoading } = useCurrentUser();

  if (!page) return children;
  // As tall as the screen below the top bar: the footer stays out of view until the page replaces
  // this, instead of showing and then being pushed down (a layout shift).
  if (status.isPending) return <LoadingState className={SCREEN_TALL} />;
  if (!status.data?.[page]) return children;
  if (token !== null && userLoading) return <LoadingState className={SCREEN_TALL} />;
  if (!user || !isStaff(user.role)) return <Navigate to="/maintenance" replace />;
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
        <Alert tone="warning">{STAFF_MAINTENANCE_NOTICE}</Alert>
      </div>
      {children}
    </>
  );
}
