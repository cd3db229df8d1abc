import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createOrderResponseSchema, type CreateOrderBody } from './order-schemas';
import { ORDERS_QUERY_KEY } from './orders-query-key';

/** POST /api/orders: a pending order with its price snapshot and the processor's checkout link. */
export function createOrder(body: CreateOrderBody) {
  return api.post('/orders', body, { schema: createOrderResponseSchema });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
}
