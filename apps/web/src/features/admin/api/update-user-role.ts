import { adminUserSchema, type AdminUser, type Role } from '@stellar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { updateCachedUsers, USERS_QUERY_KEY } from './get-users';

export interface UpdateUserRoleInput {
  userId: string;
  role: Role;
}

/** PUT /api/users/{id}/role: answers with the user as they now are. */
export function updateUserRole({ userId, role }: UpdateUserRoleInput): Promise<AdminUser> {
  return api.put(
    `/users/${encodeURIComponent(userId)}/role`,
    { role },
    { schema: adminUserSchema },
  );
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: (user) => {
      // The spec updates the role locally; the refetch then confirms it.
      updateCachedUsers(queryClient, (users) => users.map((u) => (u._id === user._id ? user : u)));
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
