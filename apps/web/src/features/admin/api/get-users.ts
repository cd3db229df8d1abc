import { userListSchema, type AdminUser, type Role } from '@stellar/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export type UserList = z.infer<typeof userListSchema>;
export type UserStatusFilter = 'active' | 'banned' | 'all';

export interface UserListParams {
  search: string;
  status: UserStatusFilter;
  role?: Role | undefined;
  page: number;
  pageSize: number;
}

/** Every users list, whatever its filters: what user mutations invalidate. */
export const USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'users'] as const;

/** GET /api/users: searched, filtered and paginated by the server. */
export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<UserList> {
  const search = params.search.trim();
  return api.get('/users', {
    schema: userListSchema,
    signal,
    query: {
      search: search === '' ? undefined : search,
      status: params.status,
      role: params.role,
      page: params.page,
      pageSize: params.pageSize,
    },
  });
}

export const usersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: [...USERS_QUERY_KEY, params],
    queryFn: ({ signal }) => getUsers(params, signal),
    // Paging and typing keep the previous page on screen instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(usersQueryOptions(params));
}

/** Applies `change` to every cached users list (a local update before the refetch lands). */
export function updateCachedUsers(
  queryClient: QueryClient,
  change: (users: AdminUser[]) => AdminUser[],
): void {
  queryClient.setQueriesData<UserList>({ queryKey: USERS_QUERY_KEY }, (list) => {
    if (!list) return list;
    const users = change(list.users);
    return { ...list, users, total: list.total - (list.users.length - users.length) };
  });
}
