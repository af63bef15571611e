/**
 * Keeps the shown language and the profile's `language` together (issue 14): when the
 * signed-in user's profile names a language, it is applied (and kept on this device); when
 * it names none yet (null) and this device has a choice (made on the landing page), that
 * choice is saved to the profile. Renders nothing; lives inside AuthProvider.
 */
import { useEffect, useEffectEvent } from 'react';
import type { User } from '@diacare/contract/users';
import { api } from '../api-client';
import { useAuth } from '../auth/auth-provider';
import { readStoredLanguage } from './i18n';
import { useLocale } from './language-provider';

export function ProfileLanguage() {
  const { user, updateUser: mergeUser } = useAuth();
  const { language, setLanguage } = useLocale();
  const profileLanguage = user ? user.language : undefined;

  // Runs when the profile's value changes (sign-in, a save), not when the shown language does:
  // Profile's choice applies at once and saves after, and must not be undone meanwhile.
  const follow = useEffectEvent((wanted: typeof profileLanguage) => {
    if (wanted === undefined) return;
    if (wanted !== null) {
      if (wanted !== language) void setLanguage(wanted);
      return;
    }
    const stored = readStoredLanguage();
    if (!stored) return;
    api
      .put<User>('/api/users/me', { language: stored })
      .then((saved) => mergeUser(saved))
      .catch((error: unknown) => console.warn('Could not save the language to the profile', error));
  });

  useEffect(() => follow(profileLanguage), [profileLanguage]);
  return null;
}
