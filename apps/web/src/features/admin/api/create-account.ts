import { registerResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export interface CreateAccountInput {
  username: string;
  password: string;
}

/** POST /api/auth/register by staff: the user must choose a new password at first login. */
export function createAccount(input: CreateAccountInput) {
  return api.post('/auth/register', input, { schema: registerResponseSchema });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
