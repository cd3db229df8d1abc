import { adminUserSchema, type AdminUser } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateCachedUsers, USERS_QUERY_KEY } from './get-users';

export interface BanUserInput {
  userId: string;
  reason?: string;
}

/** POST /api/users/{id}/ban: disables the account and revokes its sessions. */
export function banUser({ userId, reason }: BanUserInput): Promise<AdminUser> {
  const trimmed = reason?.trim();
  return api.post(`/users/${encodeURIComponent(userId)}/ban`, trimmed ? { reason: trimmed } : {}, {
    schema: adminUserSchema,
  });
}

export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: (user) => {
      // Drop it from the list on screen at once (docs/product.md#decisions); the refetch files it under Banned.
      updateCachedUsers(queryClient, (users) => users.filter((u) => u._id !== user._id));
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
