import { resellerMeResponseSchema, type ResellerMe } from '@stellar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { RESELLER_QUERY_KEY } from './reseller-query-key';

export type ResellerProduct = ResellerMe['products'][number];
export type ResellerKey = ResellerMe['keys']['items'][number];

export const KEY_HISTORY_PAGE_SIZE = 10;

/** Prefix of every cached page of GET /api/resellers/me. */
export const RESELLER_OVERVIEW_QUERY_KEY = [...RESELLER_QUERY_KEY, 'me'] as const;

/** GET /api/resellers/me: balance, the products the caller may sell, one page of their keys. */
export function getResellerOverview(page: number, signal?: AbortSignal): Promise<ResellerMe> {
  return api.get('/resellers/me', {
    query: { page, pageSize: KEY_HISTORY_PAGE_SIZE },
    schema: resellerMeResponseSchema,
    signal,
  });
}

export const resellerOverviewQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...RESELLER_OVERVIEW_QUERY_KEY, { page }],
    queryFn: ({ signal }) => getResellerOverview(page, signal),
  });

export function useResellerOverview(page: number) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...resellerOverviewQueryOptions(page), placeholderData: keepPreviousData });
}
