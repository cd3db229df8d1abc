import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Page name to on/off (spec section 3). */
export type MaintenanceStatus = Record<string, boolean>;

// Checked by hand until the shared contract carries a maintenance schema.
const maintenanceStatusParser = {
  parse(input: unknown): MaintenanceStatus {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      throw new TypeError('Maintenance status is not an object');
    }
    const status: MaintenanceStatus = {};
    for (const [page, on] of Object.entries(input)) {
      if (typeof on === 'boolean') status[page] = on;
    }
    return status;
  },
};

/** GET /api/maintenance/status. */
export function getMaintenanceStatus(signal?: AbortSignal): Promise<MaintenanceStatus> {
  return api.get('/maintenance/status', { schema: maintenanceStatusParser, signal });
}

export const maintenanceStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['maintenance', 'status'],
    queryFn: ({ signal }) => getMaintenanceStatus(signal),
    staleTime: 60_000,
  });

export function useMaintenanceStatus() {
  return useQuery(maintenanceStatusQueryOptions());
}
