import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { createTopUpResponseSchema } from '@/features/orders';
import { RESELLER_OVERVIEW_QUERY_KEY } from './get-reseller-overview';

/** POST /api/resellers/me/top-ups: a pending top-up and its invoice's checkout link. */
export function createTopUp(amount: number) {
  return api.post('/resellers/me/top-ups', { amount }, { schema: createTopUpResponseSchema });
}

export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopUp,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: RESELLER_OVERVIEW_QUERY_KEY }),
  });
}
