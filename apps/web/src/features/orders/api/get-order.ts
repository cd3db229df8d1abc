import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { orderSchema, type Order, type OrderStatus } from './order-schemas';
import { ORDERS_QUERY_KEY } from './orders-query-key';

/** How often an open order is re-read: the server pushes no order events over the socket. */
export const ORDER_POLL_MS = 3_000;

/** Statuses that can still change without anyone on staff acting. */
export function isOpenStatus(status: OrderStatus): boolean {
  return status === 'pending' || status === 'processing';
}

/** GET /api/orders/{id}: one of the member's orders. */
export function getOrder(id: string, signal?: AbortSignal): Promise<Order> {
  return api.get(`/orders/${encodeURIComponent(id)}`, { schema: orderSchema, signal });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) => getOrder(id, signal),
    staleTime: 0,
    // Re-read every 3 s while the payment can still move; stop once it is final.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isOpenStatus(status) ? ORDER_POLL_MS : false;
    },
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
