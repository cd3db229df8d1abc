import { twoFactorSetupResponseSchema } from '@stellar/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/2fa/setup with the current password: a fresh secret and its QR code (a data URL);
 * 2FA is not on yet.
 */
export function setupTwoFactor(password: string) {
  return api.post('/auth/2fa/setup', { password }, { schema: twoFactorSetupResponseSchema });
}

// A mutation, not a query: every call makes a new secret on the server.
export function useSetupTwoFactor() {
  return useMutation({ mutationFn: setupTwoFactor });
}
