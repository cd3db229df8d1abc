import { adminUserSchema, type AdminUser } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateCachedUsers, USERS_QUERY_KEY } from './get-users';

/** POST /api/users/{id}/unban: the account may sign in again. */
export function unbanUser(userId: string): Promise<AdminUser> {
  return api.post(`/users/${encodeURIComponent(userId)}/unban`, undefined, {
    schema: adminUserSchema,
  });
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanUser,
    onSuccess: (user) => {
      updateCachedUsers(queryClient, (users) => users.filter((u) => u._id !== user._id));
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
