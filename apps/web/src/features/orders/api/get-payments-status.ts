import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { paymentsStatusSchema, type PaymentMode } from './order-schemas';

/**
 * GET /api/payments/status: 'btcpay', 'test' (PAYMENTS_TEST_MODE) or 'off' (neither configured). A
 * server without the route (404) takes no payments either.
 */
export async function getPaymentsStatus(signal?: AbortSignal): Promise<PaymentMode> {
  try {
    const body = await api.get('/payments/status', { schema: paymentsStatusSchema, signal });
    return body.mode;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'off';
    throw error;
  }
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
