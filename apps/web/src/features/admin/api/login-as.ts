import { loginAsResponseSchema } from '@stellar/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type LoginAsReply = z.infer<typeof loginAsResponseSchema>;

export interface LoginAsInput {
  userId: string;
  /** The admin's own current 2FA code, when the server asks for it. */
  generatedCode?: string;
}

/** POST /api/auth/login-as/{id}: a one-hour session of the target user. */
export function loginAs({ userId, generatedCode }: LoginAsInput): Promise<LoginAsReply> {
  const code = generatedCode?.trim();
  return api.post(
    `/auth/login-as/${encodeURIComponent(userId)}`,
    code ? { generatedCode: code } : {},
    {
      schema: loginAsResponseSchema,
    },
  );
}

export function useLoginAs() {
  return useMutation({ mutationFn: loginAs });
}
