import { redeemKeyResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownedProductsQueryOptions } from './get-owned-products';

/** POST /api/keys/redeem: spends a key into a new or extended licence. */
export function redeemKey(keyCode: string) {
  return api.post('/keys/redeem', { keyCode }, { schema: redeemKeyResponseSchema });
}

export function useRedeemKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemKey,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: ownedProductsQueryOptions().queryKey }),
  });
}
