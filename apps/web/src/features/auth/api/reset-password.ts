import { messageResponseSchema } from '@stellar/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  username: string;
  code: string;
  newPassword: string;
}

/** POST /api/auth/reset-password: a 2FA code, a backup code or a staff-issued one-time code. */
export function resetPassword(input: ResetPasswordInput) {
  return api.post('/auth/reset-password', input, { schema: messageResponseSchema, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
