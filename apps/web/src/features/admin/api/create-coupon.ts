import { couponResponseSchema, type CreateCouponBody } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { COUPONS_QUERY_KEY } from './get-coupons';

/** POST /api/admin/coupons: the server validates and answers field errors under `errors`. */
export async function createCoupon(body: CreateCouponBody) {
  return (await api.post('/admin/coupons', body, { schema: couponResponseSchema })).coupon;
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY }),
  });
}
