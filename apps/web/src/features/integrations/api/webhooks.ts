import {
  createWebhookResponseSchema,
  messageResponseSchema,
  redeliverResponseSchema,
  webhookDeliveriesResponseSchema,
  webhooksResponseSchema,
  type CreateWebhookBody,
} from '@stellar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WEBHOOKS_QUERY_KEY } from './integrations-query-key';

/** GET /api/webhooks: the caller's endpoints (never the secret). */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/webhooks', { schema: webhooksResponseSchema, signal }),
  });

export const useWebhooks = () => useQuery(webhooksQueryOptions());

/** POST /api/webhooks: the answer carries the signing secret, once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) =>
      api.post('/webhooks', body, { schema: createWebhookResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** DELETE /api/webhooks/{id} */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/webhooks/${id}`, { schema: messageResponseSchema }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** PATCH /api/webhooks/{id} { enabled: true }: turns a disabled endpoint back on. */
export function useEnableWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.patch(`/webhooks/${id}`, { enabled: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

const deliveriesKey = (id: string) => [...WEBHOOKS_QUERY_KEY, id, 'deliveries'] as const;

/** GET /api/webhooks/{id}/deliveries: the attempts log, refreshed while open. */
export const useWebhookDeliveries = (id: string) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: ({ signal }) =>
      api.get(`/webhooks/${id}/deliveries`, { schema: webhookDeliveriesResponseSchema, signal }),
    refetchInterval: 3000,
  });

/** POST /api/webhooks/deliveries/{id}/redeliver */
export function useRedeliver(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post(`/webhooks/deliveries/${deliveryId}/redeliver`, undefined, {
        schema: redeliverResponseSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
