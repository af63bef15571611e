/**
 * Profile's edits of PUT /api/users/me (lib/auth/auth-api.ts). They go through the
 * outbox (shown at once, marked 'Waiting to sync'; applier in lib/auth/profile-outbox.ts); profile
 * setup waits for the server instead.
 * Decision 028.
 */
import type { User, UserUpdate } from '@diacare/contract/users';
import { useMutation } from '@tanstack/react-query';
import { ME_PATH, updateMeRequest } from '../../../lib/auth/auth-api';
import { useAuth } from '../../../lib/auth/auth-provider';
import { PROFILE_KIND } from '../../../lib/auth/profile-outbox';
import { t } from '../../../lib/i18n/i18n';
import { outboxWrite } from '../../../lib/offline/lazy-outbox';

/**
 * Saves profile fields and merges the server's answer into the signed-in user.
 * @param queued through the outbox (default): offline, resolves at once and the change waits to
 *   sync; false (profile setup): rejects when the server cannot be reached
 */
export function useUpdateUser({ queued = true }: { queued?: boolean } = {}) {
  const { updateUser: mergeUser } = useAuth();
  return useMutation({
    // The outbox keeps changes made offline: the mutation runs without a network.
    networkMode: queued ? 'always' : 'online',
    mutationFn: (patch: UserUpdate) =>
      queued
        ? outboxWrite<User | null>(
            {
              kind: PROFILE_KIND,
              method: 'PUT',
              path: ME_PATH,
              body: patch,
              label: t('common.outbox.profile'),
            },
            () => null,
          )
        : updateMeRequest(patch),
    // Queued (null): the applier already shows the change in the cached user.
    onSuccess: (user) => {
      if (user) mergeUser(user);
    },
  });
}
