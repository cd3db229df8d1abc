import {
  messageResponseSchema,
  type MaintenancePage,
  type MaintenanceStatus,
} from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
// The public status is shared with the maintenance gate, so both read one cache entry.
import { maintenanceStatusQueryOptions } from '@/features/maintenance';

export interface SetMaintenanceInput {
  page: MaintenancePage;
  enabled: boolean;
}

/** POST /api/maintenance/enable or /disable {page}. */
export function setMaintenance({ page, enabled }: SetMaintenanceInput) {
  return api.post(
    `/maintenance/${enabled ? 'enable' : 'disable'}`,
    { page },
    { schema: messageResponseSchema },
  );
}

/** Flips the switch at once and puts it back if the server refuses. */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  const { queryKey } = maintenanceStatusQueryOptions();
  return useMutation({
    mutationFn: setMaintenance,
    onMutate: async ({ page, enabled }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<MaintenanceStatus>(queryKey);
      queryClient.setQueryData<MaintenanceStatus>(queryKey, (status) => ({
        ...status,
        [page]: enabled,
      }));
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
