import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { paymentsStatusSchema, type PaymentMode } from './order-schemas';

/** GET /api/payments/status: 'btcpay', 'test' (PAYMENTS_TEST_MODE) or 'off' (neither configured). */
export async function getPaymentsStatus(signal?: AbortSignal): Promise<PaymentMode> {
  const body = await api.get('/payments/status', { schema: paymentsStatusSchema, signal });
  return body.mode;
}

export const paymentsStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'status'],
    queryFn: ({ signal }) => getPaymentsStatus(signal),
    staleTime: 5 * 60_000,
  });

export function usePaymentsStatus() {
  return useQuery(paymentsStatusQueryOptions());
}
