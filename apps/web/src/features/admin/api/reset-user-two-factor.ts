import { messageResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

/** POST /api/users/{id}/reset-2fa: turns the user's 2FA off so they can set it up again. */
export function resetUserTwoFactor(userId: string): Promise<{ message: string }> {
  return api.post(`/users/${encodeURIComponent(userId)}/reset-2fa`, undefined, {
    schema: messageResponseSchema,
  });
}

export function useResetUserTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
