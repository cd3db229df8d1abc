import { resetHwidResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ownedProductsQueryOptions } from './get-owned-products';

/** DELETE /api/licences/{id}/machines/{machineId}: frees one machine (counts as a HWID reset). */
export function removeMachine({ licenceId, machineId }: { licenceId: string; machineId: string }) {
  return api.delete(
    `/licences/${encodeURIComponent(licenceId)}/machines/${encodeURIComponent(machineId)}`,
    { schema: resetHwidResponseSchema },
  );
}

export function useRemoveMachine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMachine,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: ownedProductsQueryOptions().queryKey }),
  });
}
