import { useEffect } from 'react';
import { useCurrentUser } from '@/lib/auth';
import { useMaintenanceStatus } from '@/features/maintenance';
import { clearToken } from '@/lib/session';

/**
 * Shell start: load the maintenance status and the current user.
 * A failed status is only logged; a failed user load clears the session.
 */
export function useShellStart(): void {
  const maintenance = useMaintenanceStatus();
  const { error: userError } = useCurrentUser();

  useEffect(() => {
    if (maintenance.error)
      console.warn('Could not load the maintenance status.', maintenance.error);
  }, [maintenance.error]);

  useEffect(() => {
    if (!userError) return;
    console.warn('Could not load the current user; signing out.', userError);
    clearToken();
  }, [userError]);
}
