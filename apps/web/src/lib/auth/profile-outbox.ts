/**
 * Profile edits in the outbox: how a waiting PUT /api/users/me shows in the
 * cached signed-in user (`authKeys.me`), from app start on, so Home greets the new name offline
 * too. Registered when the auth provider loads; features/profile/api/profile.ts writes them.
 */
import type { User, UserUpdate } from '@diacare/contract/users';
import { registerApplier } from '../offline/lazy-outbox';
import { authKeys } from './auth-api';

/** The outbox kind of a profile edit. */
export const PROFILE_KIND = 'profile';

/** The outbox mark of a profile field with a change waiting to sync (e.g. 'profile:name'). */
export const profileMark = (field: keyof UserUpdate) => `profile:${field}`;

registerApplier(PROFILE_KIND, {
  keys: [authKeys.me],
  apply(data, entry) {
    const change = entry.body as Partial<User>;
    const user = data as User | null;
    if (!user || Object.entries(change).every(([key, value]) => user[key as keyof User] === value)) return data;
    return { ...user, ...change };
  },
  marks: (entry) => Object.keys(entry.body as object).map((key) => profileMark(key as keyof UserUpdate)),
});
