import {
  licensingOverviewSchema,
  messageResponseSchema,
  publicKeyResponseSchema,
  revokeResponseSchema,
  type RevokeBody,
} from '@stellar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-query-key';

export const LICENSING_QUERY_KEY = [...ADMIN_QUERY_KEY, 'licensing'] as const;

/** GET /api/admin/licensing: products with their variables and plans' machine limits. */
export const licensingQueryOptions = () =>
  queryOptions({
    queryKey: LICENSING_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get('/admin/licensing', { schema: licensingOverviewSchema, signal })).products,
  });
export const useLicensing = () => useQuery(licensingQueryOptions());

/** GET /api/client/public-key: what the seller pins in the tool (PEM, raw key, fingerprint). */
export const usePublicKey = () =>
  useQuery({
    queryKey: [...LICENSING_QUERY_KEY, 'public-key'],
    queryFn: ({ signal }) =>
      api.get('/client/public-key', { schema: publicKeyResponseSchema, signal }),
    staleTime: Infinity,
  });

function useLicensingMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LICENSING_QUERY_KEY }),
  });
}

/** PUT /api/admin/products/{id}/variables. */
export const useSaveVariables = () =>
  useLicensingMutation(({ id, variables }: { id: string; variables: Record<string, unknown> }) =>
    api.put(
      `/admin/products/${encodeURIComponent(id)}/variables`,
      { variables },
      {
        schema: messageResponseSchema,
      },
    ),
  );

/** PUT /api/admin/plans/{id}/machines. */
export const useSavePlanMachines = () =>
  useLicensingMutation(({ id, maxMachines }: { id: string; maxMachines: number }) =>
    api.put(
      `/admin/plans/${encodeURIComponent(id)}/machines`,
      { maxMachines },
      {
        schema: messageResponseSchema,
      },
    ),
  );

/** POST /api/admin/licences/revoke: a licence key or a voucher code, with the reason. */
export const useRevoke = () =>
  useMutation({
    mutationFn: (body: RevokeBody) =>
      api.post('/admin/licences/revoke', body, { schema: revokeResponseSchema }),
  });
