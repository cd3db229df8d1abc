import { registerResponseSchema } from '@stellar/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface RegisterInput {
  username: string;
  password: string;
}

/** POST /api/register: creates a Member account. */
export function register(input: RegisterInput) {
  return api.post('/register', input, { schema: registerResponseSchema, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
