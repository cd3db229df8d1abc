import { messageResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resellersQueryOptions } from './get-resellers';

export interface GrantResellerProductInput {
  resellerId: string;
  productId: string;
}

/** POST /api/admin/resellers/{id}/products: the reseller may now sell the product. */
export function grantResellerProduct({ resellerId, productId }: GrantResellerProductInput) {
  return api.post(
    `/admin/resellers/${encodeURIComponent(resellerId)}/products`,
    { productId },
    { schema: messageResponseSchema },
  );
}

export function useGrantResellerProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantResellerProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey }),
  });
}
