import {
  apiKeysResponseSchema,
  createApiKeyResponseSchema,
  messageResponseSchema,
  type CreateApiKeyBody,
} from '@stellar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API_KEYS_QUERY_KEY } from './integrations-query-key';

/** GET /api/api-keys: the caller's live keys (never the key itself). */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/api-keys', { schema: apiKeysResponseSchema, signal }),
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** POST /api/api-keys: the answer carries the key, once. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      api.post('/api-keys', body, { schema: createApiKeyResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

/** DELETE /api/api-keys/{id}: revoked at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api-keys/${id}`, { schema: messageResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
