import { backupCodesResponseSchema } from '@stellar/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/2fa/backup-codes: replaces every backup code; the old ones stop working. */
export function regenerateBackupCodes(code: string) {
  return api.post('/auth/2fa/backup-codes', { code }, { schema: backupCodesResponseSchema });
}

export function useRegenerateBackupCodes() {
  return useMutation({ mutationFn: regenerateBackupCodes });
}
