import { resetCodeResponseSchema } from '@stellar/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ResetCode {
  code: string;
  expiresAt: string;
}

/** POST /api/users/{id}/reset-code: a one-time password-reset code, shown once. */
export function issueResetCode(userId: string): Promise<ResetCode> {
  return api.post(`/users/${encodeURIComponent(userId)}/reset-code`, undefined, {
    schema: resetCodeResponseSchema,
  });
}

export function useIssueResetCode() {
  return useMutation({ mutationFn: issueResetCode });
}
