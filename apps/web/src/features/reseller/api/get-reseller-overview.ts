import { resellerMeResponseSchema, type ResellerMe } from '@stellar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isOpenStatus, resellerTopUpsSchema, type TopUp } from '@/features/orders';
import { RESELLER_QUERY_KEY } from './reseller-query-key';

export type ResellerProduct = ResellerMe['products'][number];
export type ResellerKey = ResellerMe['keys']['items'][number];
/** The panel's data: the reseller overview and the caller's balance top-ups. */
export type ResellerOverview = ResellerMe & { topUps: TopUp[] };

export const KEY_HISTORY_PAGE_SIZE = 10;
/** How often the panel re-reads itself while a top-up is waiting for its payment. */
export const TOP_UP_POLL_MS = 3_000;

const overviewSchema = resellerMeResponseSchema.and(resellerTopUpsSchema);

/** Prefix of every cached page of GET /api/resellers/me. */
export const RESELLER_OVERVIEW_QUERY_KEY = [...RESELLER_QUERY_KEY, 'me'] as const;

/** GET /api/resellers/me: balance, the products the caller may sell, one page of their keys, top-ups. */
export function getResellerOverview(page: number, signal?: AbortSignal): Promise<ResellerOverview> {
  return api.get('/resellers/me', {
    query: { page, pageSize: KEY_HISTORY_PAGE_SIZE },
    schema: overviewSchema,
    signal,
  });
}

export const resellerOverviewQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...RESELLER_OVERVIEW_QUERY_KEY, { page }],
    queryFn: ({ signal }) => getResellerOverview(page, signal),
    // A top-up's status (and the balance it credits) shows without a reload.
    refetchInterval: (query) =>
      query.state.data?.topUps.some((topUp) => isOpenStatus(topUp.status)) ? TOP_UP_POLL_MS : false,
  });

export function useResellerOverview(page: number) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...resellerOverviewQueryOptions(page), placeholderData: keepPreviousData });
}
