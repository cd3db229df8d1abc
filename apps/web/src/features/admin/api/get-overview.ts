import { overviewSchema, type Overview } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

/** GET /api/admin/overview: totals and the last 30 days of keys and revenue. */
export function getOverview(signal?: AbortSignal): Promise<Overview> {
  return api.get('/admin/overview', { schema: overviewSchema, signal });
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'overview'],
    queryFn: ({ signal }) => getOverview(signal),
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
