import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clearToken } from '@/lib/session';

/** POST /api/auth/logout: ends the session on the server. */
export function logout(): Promise<unknown> {
  return api.post('/auth/logout');
}

/** Logs out; the local session is dropped whether or not the server answered. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('Logout request failed; signing out locally.', error),
    onSettled: () => clearToken(),
  });
}
