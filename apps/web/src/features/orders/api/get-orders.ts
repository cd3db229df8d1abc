import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersResponseSchema, type Order } from './order-schemas';
import { ORDERS_QUERY_KEY } from './orders-query-key';

/** GET /api/orders: the signed-in member's own orders, newest first. */
export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return api.get('/orders', { schema: ordersResponseSchema, signal });
}

export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => getOrders(signal),
  });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
