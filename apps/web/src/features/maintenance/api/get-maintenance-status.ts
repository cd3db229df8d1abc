import type { MaintenanceStatus } from '@stellar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { responseShape } from '@/lib/response-shape';

/** maintenanceStatusSchema's shape (every page reads it first, without zod). */
export const maintenanceStatusShape = responseShape<MaintenanceStatus>({
  type: 'record',
  value: { type: 'boolean' },
});

/** GET /api/maintenance/status: page name to on/off. */
export function getMaintenanceStatus(signal?: AbortSignal): Promise<MaintenanceStatus> {
  return api.get('/maintenance/status', { schema: maintenanceStatusShape, signal });
}

export const maintenanceStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['maintenance', 'status'],
    queryFn: ({ signal }) => getMaintenanceStatus(signal),
    staleTime: 30_000,
  });

export function useMaintenanceStatus() {
  return useQuery(maintenanceStatusQueryOptions());
}
