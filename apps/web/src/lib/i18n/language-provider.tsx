/**
 * Gives the app its language: `useLocale()` and `useT()`, re-rendering when the language or its
 * catalogs change. boot.tsx activates the first language before the first render. Lingui's own
 * provider is not used: this does the same in fewer bytes.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  activateLanguage,
  i18n,
  INTL_LOCALES,
  onTextsChange,
  storeLanguage,
  t as translate,
  type Language,
  type MessageId,
  type MessageValues,
} from './i18n';

/** The active language's text for an id, with its ICU placeholders filled from `values`. */
export type TranslateFunction = (id: MessageId, values?: MessageValues) => string;

interface LocaleContextValue {
  /** The active language. */
  language: Language;
  /** Its Intl locale ('en-IN' | 'hi-IN') for dates, times, weekdays and numbers. */
  intlLocale: string;
  /**
   * Loads and applies `language` at once and keeps it as this device's choice. Saving it to
   * the profile is the caller's part (Profile's choice does, the landing page cannot).
   * Resolves true once applied, false when a later switch overtook it while its catalogs
   * loaded (the later one applies instead, so this one must not be saved).
   */
  setLanguage(language: Language): Promise<boolean>;
  t: TranslateFunction;
  /** Counts changes of the texts on screen (a switch, an active-language catalog loaded). */
  revision: number;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setActive] = useState<Language>(() => (i18n.locale === 'hi' ? 'hi' : 'en'));
  // Bumped when the texts on screen may change (a switch, a catalog of the active language
  // loaded), so texts re-render; another language's catalogs loading changes nothing here.
  const [revision, setRevision] = useState(0);
  // Rendered at once (flushSync), not in a later task: activateLanguage has just set
  // `<html lang>`, and the browser would otherwise paint a frame in between — restyling and
  // laying out the whole page under the new lang with the old texts, then again with the new
  // ones (at 4x CPU slowdown the extra frame cost the first switch to Hindi 40–90 ms). The
  // language is taken here too, so the switch is one render, not two.
  useEffect(
    () =>
      onTextsChange(() =>
        flushSync(() => {
          setRevision((value) => value + 1);
          setActive(i18n.locale === 'hi' ? 'hi' : 'en');
        }),
      ),
    [],
  );

  const setLanguage = useCallback(async (next: Language) => {
    const active = await activateLanguage(next);
    if (active === null) return false; // overtaken by a later switch, which applies its own language
    storeLanguage(active);
    setActive(active);
    return true;
  }, []);

  const value = useMemo<LocaleContextValue>(
    () => ({
      language,
      intlLocale: INTL_LOCALES[language],
      setLanguage,
      // A new function per revision: components that use it see a change and re-render.
      t: (id, values) => translate(id, values),
      revision,
    }),
    [language, revision, setLanguage],
  );

  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

/** The active language, its Intl locale and the switch (see LanguageProvider). */
export function useLocale(): LocaleContextValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside LanguageProvider');
  return value;
}

/**
 * The translate function for components: `t('home.greeting', { name })`. The component
 * re-renders when the language changes.
 */
export function useT(): TranslateFunction {
  return useLocale().t;
}
