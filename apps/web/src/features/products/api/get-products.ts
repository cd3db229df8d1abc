import { CATALOGUE, type Product } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { responseShape } from '@/lib/response-shape';

/** productListSchema's shape (the navigation needs it on every page, without zod). */
export const productListShape = responseShape<Product[]>({
  type: 'array',
  element: {
    type: 'object',
    shape: {
      _id: { type: 'string' },
      slug: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      features: { type: 'array', element: { type: 'string' } },
      pricing: {
        type: 'array',
        element: {
          type: 'object',
          shape: {
            plan: { type: 'string' },
            duration: { type: 'string' },
            durationDays: { type: 'number', int: true },
            price: { type: 'number' },
          },
        },
      },
    },
  },
});

/** GET /api/products: the public catalogue (spec: no shared header, so no token is sent). */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return api.get('/products', { schema: productListShape, signal, auth: false });
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
