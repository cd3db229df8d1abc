import { resetHwidResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownedProductsQueryOptions } from './get-owned-products';

/** POST /api/products/{id}/reset-hwid: unbinds the machine of the member's own licence. */
export function resetHwid(licenceId: string) {
  return api.post(`/products/${encodeURIComponent(licenceId)}/reset-hwid`, undefined, {
    schema: resetHwidResponseSchema,
  });
}

export function useResetHwid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetHwid,
    // Refreshed on failure too: a refusal may mean the flags or the cooldown changed.
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ownedProductsQueryOptions().queryKey }),
  });
}
