import { messageResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentUserQueryOptions } from '@/lib/auth';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/change-password: keeps this session and signs the others out. */
export function changePassword(input: ChangePasswordInput) {
  return api.post('/auth/change-password', input, { schema: messageResponseSchema });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // mustChangePassword is now false: the guard must see the fresh user.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: currentUserQueryOptions().queryKey }),
  });
}
