import { couponListSchema, type Coupon } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export const COUPONS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'coupons'] as const;

/** GET /api/admin/coupons: every coupon, newest first. */
export async function getCoupons(signal?: AbortSignal): Promise<Coupon[]> {
  return (await api.get('/admin/coupons', { schema: couponListSchema, signal })).coupons;
}

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: COUPONS_QUERY_KEY, queryFn: ({ signal }) => getCoupons(signal) });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
