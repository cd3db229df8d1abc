import { twoFactorVerifyResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setCachedTwoFactor } from './two-factor-status';

/** POST /api/auth/2fa/verify: turns 2FA on with a first code; answers the backup codes once. */
export function verifyTwoFactor(code: string) {
  return api.post('/auth/2fa/verify', { code }, { schema: twoFactorVerifyResponseSchema });
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: () => setCachedTwoFactor(queryClient, true),
  });
}
