import { ownedProductsResponseSchema, type OwnedProduct } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_QUERY_KEY } from './dashboard-query-key';

/** GET /api/users/owns: the signed-in member's licences ("owned products"). */
export async function getOwnedProducts(signal?: AbortSignal): Promise<OwnedProduct[]> {
  const body = await api.get('/users/owns', { schema: ownedProductsResponseSchema, signal });
  return body.ownedProducts;
}

export const ownedProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...DASHBOARD_QUERY_KEY, 'owned-products'],
    queryFn: ({ signal }) => getOwnedProducts(signal),
  });

export function useOwnedProducts() {
  return useQuery(ownedProductsQueryOptions());
}
