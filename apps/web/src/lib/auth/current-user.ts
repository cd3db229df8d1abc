import { ROLES, type CurrentUser } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { responseShape } from '@/lib/response-shape';
import { SESSION_QUERY_KEY } from '@/lib/query-client';
import { useSessionToken } from '@/lib/session';

/** currentUserSchema's shape (the shell reads it on every page, without zod). */
export const currentUserShape = responseShape<CurrentUser>({
  type: 'object',
  shape: {
    _id: { type: 'string' },
    username: { type: 'string' },
    role: { type: 'enum', values: ROLES },
    twoFactorEnabled: { type: 'boolean' },
    balance: { type: 'number' },
    mustChangePassword: { type: 'boolean' },
    impersonatedBy: { type: 'nullable', inner: { type: 'string' } },
    createdAt: { type: 'string' },
  },
});

/** GET /api/users/user: the signed-in user. */
export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get('/users/user', { schema: currentUserShape, signal });
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
