import { globalSettingsSchema, type GlobalSettingsPayload } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

/** GET /api/admin/global-product-settings. */
export function getGlobalSettings(signal?: AbortSignal): Promise<GlobalSettingsPayload> {
  return api.get('/admin/global-product-settings', { schema: globalSettingsSchema, signal });
}

export const globalSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'global-settings'],
    queryFn: ({ signal }) => getGlobalSettings(signal),
  });

export function useGlobalSettings() {
  return useQuery(globalSettingsQueryOptions());
}
