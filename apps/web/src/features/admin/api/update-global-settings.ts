import { globalSettingsSchema, type GlobalSettingsPayload } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { globalSettingsQueryOptions } from './get-global-settings';

/** PUT /api/admin/global-product-settings with the whole object; answers with what was saved. */
export function updateGlobalSettings(settings: GlobalSettingsPayload) {
  return api.put('/admin/global-product-settings', settings, { schema: globalSettingsSchema });
}

export function useUpdateGlobalSettings() {
  const queryClient = useQueryClient();
  const { queryKey } = globalSettingsQueryOptions();
  return useMutation({
    mutationFn: updateGlobalSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
