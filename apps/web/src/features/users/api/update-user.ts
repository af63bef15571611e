/** PUT /api/users/me (spec §7): a partial update; the response is the updated user. */
import type { User, UserUpdate } from '@diacare/contract/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';

export const updateUser = (patch: UserUpdate) => api.put<User>('/api/users/me', patch);

/** Saves profile fields and merges the server's answer into the signed-in user. */
export function useUpdateUser() {
  const { updateUser: mergeUser } = useAuth();
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => mergeUser(user) });
}
