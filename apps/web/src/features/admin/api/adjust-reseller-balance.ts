import { balanceResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { resellersQueryOptions, updateCachedReseller } from './get-resellers';

export interface AdjustResellerBalanceInput {
  resellerId: string;
  /** Dollars: positive credits, negative debits. */
  amount: number;
  reason: string;
}

/** POST /api/admin/resellers/{id}/balance: one ledger row; answers with the new balance. */
export function adjustResellerBalance({ resellerId, amount, reason }: AdjustResellerBalanceInput) {
  return api.post(
    `/admin/resellers/${encodeURIComponent(resellerId)}/balance`,
    { amount, reason },
    { schema: balanceResponseSchema },
  );
}

export function useAdjustResellerBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustResellerBalance,
    onSuccess: ({ balance }, { resellerId }) => {
      updateCachedReseller(queryClient, resellerId, (entry) => ({ ...entry, balance }));
      return queryClient.invalidateQueries({ queryKey: resellersQueryOptions().queryKey });
    },
  });
}
