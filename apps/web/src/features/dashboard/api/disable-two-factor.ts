import { messageResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCachedTwoFactor } from './two-factor-status';

export interface DisableTwoFactorInput {
  password: string;
  code: string;
}

/** POST /api/auth/2fa/disable: needs the password and a current (or backup) code. */
export function disableTwoFactor(input: DisableTwoFactorInput) {
  return api.post('/auth/2fa/disable', input, { schema: messageResponseSchema });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => setCachedTwoFactor(queryClient, false),
  });
}
