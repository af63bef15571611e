/**
 * Profile writes: each saves through the repository, then rewrites the user's unsent reminders
 * when the time zone or language changed, so routes stay thin (decision 049).
 */
import type { User, UserUpdate } from '@diacare/contract/users';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../types.ts';
import { createReminderService } from '../reminders/reminder.service.ts';
import { createUserRepository } from './user.repository.ts';

/** The user service over `db`. */
export function createUserService({ db, clock }: { db: Database; clock: Clock }) {
  const users = createUserRepository(db);
  const reminders = createReminderService({ db, clock });

  /** Dose times follow the zone; notification texts follow the language (doses' texts too). */
  async function followProfile(before: Pick<User, 'timezone' | 'language'> | null, after: User): Promise<void> {
    if (after.timezone !== before?.timezone || after.language !== before?.language) {
      await reminders.timeZoneChanged(after.id);
    }
    if (before && after.language !== before.language) await reminders.languageChanged(after.id);
  }

  return {
    /** Merges `patch` into `before`'s profile; null when the user no longer exists. */
    async updateProfile(before: User, patch: Omit<UserUpdate, 'email'>): Promise<User | null> {
      const user = await users.update(before.id, patch);
      if (user) await followProfile(before, user);
      return user;
    },
    /**
     * At sign-in: the user, with the device's IANA `timezone` adopted when given (their unsent
     * doses move to it at once); null when the user no longer exists.
     */
    async signedIn(userId: string, timezone: string | undefined): Promise<User | null> {
      const before = await users.findById(userId);
      if (!before || !timezone) return before;
      const user = await users.update(userId, { timezone });
      if (user && user.timezone !== before.timezone) await reminders.timeZoneChanged(user.id);
      return user;
    },
  };
}
