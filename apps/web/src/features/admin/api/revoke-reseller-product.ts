import { messageResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resellersQueryOptions, updateCachedReseller } from './get-resellers';

export interface RevokeResellerProductInput {
  resellerId: string;
  productId: string;
}

/** DELETE /api/admin/resellers/{id}/products/{productId}: the reseller may no longer sell it. */
export function revokeResellerProduct({ resellerId, productId }: RevokeResellerProductInput) {
  return api.delete(
    `/admin/resellers/${encodeURIComponent(resellerId)}/products/${encodeURIComponent(productId)}`,
    { schema: messageResponseSchema },
  );
}

export function useRevokeResellerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeResellerProduct,
    onSuccess: (_reply, { resellerId, productId }) => {
      updateCachedReseller(queryClient, resellerId, (entry) => ({
        ...entry,
        products: entry.products.filter((product) => product._id !== productId),
      }));
      return queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey });
    },
  });
}
