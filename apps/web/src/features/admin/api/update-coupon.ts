import { couponResponseSchema, type Coupon, type UpdateCouponBody } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { COUPONS_QUERY_KEY } from './get-coupons';

/** PATCH /api/admin/coupons/{id}: turn on or off, change max uses or expiry. */
export async function updateCoupon({ id, ...body }: { id: string } & UpdateCouponBody) {
  return (
    await api.patch(`/admin/coupons/${encodeURIComponent(id)}`, body, {
      schema: couponResponseSchema,
    })
  ).coupon;
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: (coupon) => {
      queryClient.setQueryData<Coupon[]>(COUPONS_QUERY_KEY, (list) =>
        list?.map((c) => (c._id === coupon._id ? coupon : c)),
      );
      return queryClient.invalidateQueries({ queryKey: COUPONS_QUERY_KEY });
    },
  });
}
