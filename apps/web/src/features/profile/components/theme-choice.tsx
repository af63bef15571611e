/**
 * Profile's 'Theme' choice: System (default, follows the phone), Light or
 * Dark, kept on this device and applied at once (src/lib/theme.ts, decision 024). Native
 * radio buttons, so arrow keys move the choice and screen readers announce "1 of 3".
 */
import type { MessageId } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { setThemeChoice, useThemeChoice, type ThemeChoice as Choice } from '../../../lib/theme';

const OPTIONS: { value: Choice; label: MessageId }[] = [
  { value: 'system', label: 'profile.theme.system' },
  { value: 'light', label: 'profile.theme.light' },
  { value: 'dark', label: 'profile.theme.dark' },
];

export function ThemeChoice({ labelledBy }: { labelledBy: string }) {
  const t = useT();
  const choice = useThemeChoice();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,5rem),1fr))] gap-2"
    >
      {OPTIONS.map((option) => (
        <label
          key={option.value}
          className="flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-slate-300 px-2 text-center text-sm font-semibold has-[:checked]:border-primary has-[:checked]:bg-teal-50 has-[:checked]:text-teal-900 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary"
        >
          <input
            type="radio"
            name="theme"
            value={option.value}
            checked={choice === option.value}
            onChange={() => setThemeChoice(option.value)}
            className="sr-only"
          />
          {t(option.label)}
        </label>
      ))}
    </div>
  );
}
