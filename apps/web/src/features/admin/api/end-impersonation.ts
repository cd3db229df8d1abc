import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { restoreAdminSession } from '../components/impersonation-storage';

/** POST /api/auth/logout with the impersonation token: ends the borrowed session on the server. */
export function endImpersonation(): Promise<unknown> {
  return api.post('/auth/logout');
}

/**
 * Ends the borrowed session, then puts the admin's own token back. The admin gets their account
 * back even if the logout fails (the borrowed session then simply expires within the hour).
 */
export function useEndImpersonation() {
  return useMutation({
    mutationFn: endImpersonation,
    onError: (error) => console.error('Ending the impersonation session failed.', error),
    onSettled: () => restoreAdminSession(),
  });
}
