import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
  twoFactorCode?: string;
}

/** What a login attempt led to (the login states). */
export type LoginOutcome =
  | { kind: 'signed-in'; token: string; mustChangePassword: boolean }
  | { kind: 'two-factor' }
  | { kind: 'no-token' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads a 2xx login reply loosely: the spec has its own message for a reply without a token. */
export function readLoginReply(reply: unknown): LoginOutcome {
  if (!isRecord(reply)) return { kind: 'no-token' };
  if (reply.twoFactorEnabled === true) return { kind: 'two-factor' };
  if (typeof reply.token === 'string' && reply.token !== '') {
    return {
      kind: 'signed-in',
      token: reply.token,
      mustChangePassword: reply.mustChangePassword === true,
    };
  }
  return { kind: 'no-token' };
}

/** POST /api/auth/login. An empty 2FA code is left out. */
export async function login({ twoFactorCode, ...credentials }: LoginInput): Promise<LoginOutcome> {
  const code = twoFactorCode?.trim();
  const reply = await api.post(
    '/auth/login',
    code ? { ...credentials, twoFactorCode: code } : credentials,
    {
      auth: false,
    },
  );
  return readLoginReply(reply);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
