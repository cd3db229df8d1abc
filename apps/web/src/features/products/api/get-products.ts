import { CATALOGUE, productListSchema, type Product } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/products: the public catalogue (spec: no shared header, so no token is sent). */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return api.get('/products', { schema: productListSchema, signal, auth: false });
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) => getProducts(signal),
    staleTime: 5 * 60_000,
  });

export function useProducts() {
  return useQuery(productsQueryOptions());
}

/** The catalogue for navigation: the server's list, or the bundled one until it arrives. */
export function useCatalogue(): Product[] {
  const { data } = useProducts();
  return data ?? CATALOGUE;
}
