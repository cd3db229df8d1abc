import { productListSchema, type Product } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

/** GET /api/products: the catalogue, for the grant control (spec: sent without the token). */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return api.get('/products', { schema: productListSchema, signal, auth: false });
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'products'],
    queryFn: ({ signal }) => getProducts(signal),
    staleTime: 5 * 60_000,
  });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
