import { licenceSettingsSchema, type LicenceSettings } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DASHBOARD_QUERY_KEY } from './dashboard-query-key';

/** GET /api/licences/{id}/settings: the JSON the automation tool downloads. */
export function getLicenceSettings(
  licenceId: string,
  signal?: AbortSignal,
): Promise<LicenceSettings> {
  return api.get(`/licences/${encodeURIComponent(licenceId)}/settings`, {
    schema: licenceSettingsSchema,
    signal,
  });
}

export const licenceSettingsQueryOptions = (licenceId: string) =>
  queryOptions({
    queryKey: [...DASHBOARD_QUERY_KEY, 'licence-settings', licenceId],
    queryFn: ({ signal }) => getLicenceSettings(licenceId, signal),
    // The editor starts from what the server holds now, not from a cached copy.
    staleTime: 0,
  });

export function useLicenceSettings(licenceId: string) {
  return useQuery(licenceSettingsQueryOptions(licenceId));
}
