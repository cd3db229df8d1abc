import { generateKeysResponseSchema, type GenerateKeysBody } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { RESELLER_OVERVIEW_QUERY_KEY, type ResellerOverview } from './get-reseller-overview';

/** POST /api/keys/generate: new keys, paid from the balance for a Reseller; answers the balance. */
export function generateKeys(input: GenerateKeysBody) {
  return api.post('/keys/generate', input, { schema: generateKeysResponseSchema });
}

export function useGenerateKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateKeys,
    onSuccess: ({ balance }) => {
      // The server's balance shows at once; the key history reloads without holding up the keys.
      queryClient.setQueriesData<ResellerOverview>(
        { queryKey: RESELLER_OVERVIEW_QUERY_KEY },
        (data) => (data ? { ...data, balance } : data),
      );
      void queryClient.invalidateQueries({ queryKey: RESELLER_OVERVIEW_QUERY_KEY });
    },
  });
}
