import { licenceSettingsSchema, type LicenceSettings } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { licenceSettingsQueryOptions } from './get-licence-settings';

export interface UpdateLicenceSettingsInput {
  licenceId: string;
  settings: LicenceSettings;
}

/** PUT /api/licences/{id}/settings: replaces the licence's settings JSON (16 KiB at most). */
export function updateLicenceSettings({ licenceId, settings }: UpdateLicenceSettingsInput) {
  return api.put(`/licences/${encodeURIComponent(licenceId)}/settings`, settings, {
    schema: licenceSettingsSchema,
  });
}

export function useUpdateLicenceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLicenceSettings,
    onSuccess: (saved, { licenceId }) => {
      const { queryKey } = licenceSettingsQueryOptions(licenceId);
      queryClient.setQueryData(queryKey, saved);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
