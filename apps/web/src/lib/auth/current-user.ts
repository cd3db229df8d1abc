import { currentUserSchema, type CurrentUser } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import { useSessionToken } from '@/lib/session';

/** GET /api/users/user: the signed-in user. */
export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get('/users/user', { schema: currentUserSchema, signal });
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: [...SESSION_QUERY_KEY, 'current-user'],
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 5 * 60_000,
  });

/** The signed-in user, or null when signed out; only asks the server when a token is stored. */
export function useCurrentUser() {
  const token = useSessionToken();
  const query = useQuery({ ...currentUserQueryOptions(), enabled: token !== null });
  return {
    user: token !== null ? (query.data ?? null) : null,
    isLoading: token !== null && query.isPending,
    error: token !== null ? query.error : null,
  };
}
