import { messageResponseSchema } from '@stellar/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/auth/change-password: keeps this session and signs every other one out. */
export function changePassword(input: ChangePasswordInput) {
  return api.post('/auth/change-password', input, { schema: messageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
