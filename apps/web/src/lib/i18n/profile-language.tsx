/**
 * Keeps the shown language and the profile's `language` together: a profile language is applied;
 * none yet and a device choice saves it. While a save runs this device's latest choice wins over
 * older answers (see `startLanguageSave`). Renders nothing; lives inside AuthProvider.
 */
import { useEffect, useEffectEvent } from 'react';
import { updateMeRequest } from '../auth/auth-api';
import { useAuth } from '../auth/auth-provider';
import { readStoredLanguage } from './i18n';
import { useLocale } from './language-provider';

/** Saves of a language chosen on this page that have not settled yet. */
let languageSavesInFlight = 0;

/**
 * Marks the start of saving a language chosen on this page (Profile's choice) and returns the
 * function to call once that save settles (saved, refused or left queued offline); calling it
 * again does nothing. While any save is unsettled, the profile's language from the server is
 * not applied: it can only be older than the choice on screen. The saves reach the server in
 * the order chosen (the outbox sends one at a time), so once the last one settles the profile
 * holds the choice on screen.
 */
export function startLanguageSave(): () => void {
  languageSavesInFlight += 1;
  let settled = false;
  return () => {
    if (settled) return;
    settled = true;
    languageSavesInFlight -= 1;
  };
}

export function ProfileLanguage() {
  const { user, updateUser: mergeUser } = useAuth();
  const { language, setLanguage } = useLocale();
  const profileLanguage = user ? user.language : undefined;

  // Runs when the profile's value changes (sign-in, a save, a change made on another device
  // read by /me), not when the shown language does: Profile's choice applies at once and saves
  // after, and must not be undone meanwhile.
  const follow = useEffectEvent((wanted: typeof profileLanguage) => {
    if (wanted === undefined) return;
    if (wanted !== null) {
      if (wanted !== language && languageSavesInFlight === 0) void setLanguage(wanted);
      return;
    }
    const stored = readStoredLanguage();
    if (!stored) return;
    updateMeRequest({ language: stored })
      .then((saved) => mergeUser(saved))
      .catch((error: unknown) => console.warn('Could not save the language to the profile', error));
  });

  useEffect(() => follow(profileLanguage), [profileLanguage]);
  return null;
}
