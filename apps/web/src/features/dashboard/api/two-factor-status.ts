import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '@/lib/auth';

/** Writes the new 2FA state into the cached current user at once, then re-reads it from the server. */
export function setCachedTwoFactor(queryClient: QueryClient, enabled: boolean) {
  const { queryKey } = currentUserQueryOptions();
  queryClient.setQueryData(queryKey, (user) =>
    user ? { ...user, twoFactorEnabled: enabled } : user,
  );
  return queryClient.invalidateQueries({ queryKey });
}
