import { refundOrderResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { overviewQueryOptions } from './get-overview';
import { ORDERS_QUERY_KEY } from './get-orders';

export interface RefundOrderInput {
  orderId: string;
  reason: string;
}

/** POST /api/admin/orders/{id}/refund: marks a paid order refunded (the coins go back in BTCPay). */
export function refundOrder({ orderId, reason }: RefundOrderInput) {
  return api.post(
    `/admin/orders/${encodeURIComponent(orderId)}/refund`,
    { reason: reason.trim() },
    { schema: refundOrderResponseSchema },
  );
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
        // The overview's revenue drops the refunded order.
        queryClient.invalidateQueries({ queryKey: overviewQueryOptions().queryKey }),
      ]),
  });
}
