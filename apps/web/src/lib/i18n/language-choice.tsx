/**
 * The 'Language' / 'भाषा' buttons, each named in itself: a choice applies at once, without reload,
 * is kept on this device, then `onChosen` runs unless a later press overtook it. Hover, focus or
 * idle (`prefetchWhenIdle`) fetch the other language's catalogs early.
 * Decision 035.
 */
import { useEffect, useId, useRef } from 'react';
import { afterFirstScreen } from '../after-first-screen';
import { LANGUAGE_CHOICE_CLASSES as CLASSES } from '../../components/layout/first-paint-classes';
import { cn } from '../utils';
import { LANGUAGE_NAMES, LANGUAGES, prefetchLanguage, type Language } from './i18n';
import { useLocale, useT } from './language-provider';

export function LanguageChoice({
  onChosen,
  className,
  labelledBy,
  prefetchWhenIdle = false,
}: {
  onChosen?: (language: Language) => void;
  className?: string;
  /** The id of a heading that already says 'Language' (Profile's section); else a label shows. */
  labelledBy?: string;
  /**
   * Fetch the other languages' catalogs once the screen is complete and the browser is idle (a
   * few KB each; lib/after-first-screen.ts), so even a press without hover finds them loaded. Off on the landing page, whose first load it would
   * only slow.
   */
  prefetchWhenIdle?: boolean;
}) {
  const t = useT();
  const { language, setLanguage } = useLocale();
  const labelId = useId();
  useEffect(() => {
    // After the screen's own idle work (its dialogs), whose texts are then fetched with the rest.
    if (prefetchWhenIdle) afterFirstScreen(() => LANGUAGES.forEach(prefetchLanguage));
  }, [prefetchWhenIdle, language]);
  // The language pressed last while its catalogs may still be loading: pressing back to the
  // shown language must overtake that switch, not be ignored as 'already active'.
  const pressed = useRef<Language | null>(null);
  const choose = (next: Language) => {
    if (next === (pressed.current ?? language)) return;
    pressed.current = next;
    // An overtaken choice is not saved: its save would land after the later choice's and undo it.
    void setLanguage(next).then((applied) => {
      if (pressed.current === next) pressed.current = null;
      if (applied) onChosen?.(next);
    });
  };
  return (
    <div role="group" aria-labelledby={labelledBy ?? labelId} className={cn(CLASSES.group, className)}>
      {labelledBy ? null : (
        <span id={labelId} className={CLASSES.label}>
          {t('common.language')}
        </span>
      )}
      <div className={CLASSES.buttons}>
        {LANGUAGES.map((option) => (
          <button
            key={option}
            type="button"
            lang={option}
            aria-pressed={option === language}
            onClick={() => choose(option)}
            onPointerEnter={() => prefetchLanguage(option)}
            onPointerDown={() => prefetchLanguage(option)}
            onFocus={() => prefetchLanguage(option)}
            className={cn(CLASSES.button, option === language ? CLASSES.chosen : CLASSES.other)}
          >
            {LANGUAGE_NAMES[option]}
          </button>
        ))}
      </div>
    </div>
  );
}
