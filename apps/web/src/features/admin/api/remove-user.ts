import { messageResponseSchema } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateCachedUsers, USERS_QUERY_KEY } from './get-users';

/** DELETE /api/users/{id}: deletes the account. */
export function removeUser(userId: string): Promise<{ message: string }> {
  return api.delete(`/users/${encodeURIComponent(userId)}`, { schema: messageResponseSchema });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: (_reply, userId) => {
      updateCachedUsers(queryClient, (users) => users.filter((u) => u._id !== userId));
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
