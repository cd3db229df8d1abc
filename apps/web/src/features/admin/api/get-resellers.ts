import { resellerListSchema } from '@stellar/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export type ResellerEntry = z.infer<typeof resellerListSchema>[number];

/** GET /api/admin/resellers-products: every reseller with balance and allowed products. */
export function getResellers(signal?: AbortSignal): Promise<ResellerEntry[]> {
  return api.get('/admin/resellers-products', { schema: resellerListSchema, signal });
}

export const resellersQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'resellers'],
    queryFn: ({ signal }) => getResellers(signal),
  });

export function useResellers() {
  return useQuery(resellersQueryOptions());
}

/** Applies `change` to one cached reseller entry. */
export function updateCachedReseller(
  queryClient: QueryClient,
  resellerId: string,
  change: (entry: ResellerEntry) => ResellerEntry,
): void {
  queryClient.setQueryData(resellersQueryOptions().queryKey, (list) =>
    list?.map((entry) => (entry._id === resellerId ? change(entry) : entry)),
  );
}
