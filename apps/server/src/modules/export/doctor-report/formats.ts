/**
 * How the report writes dates, schedules and numbers in its language (the contract's INTL_LOCALES
 * through Intl; names and citations stay as written).
 */
import { weeklyDays } from '@diacare/contract/dose-rules';
import { INTL_LOCALES, t, type Language } from '../../../i18n/index.ts';
import type { MedicineRow } from '../doctor-report-data.ts';

/** Dates as '5 Mar 2026' (en-IN) or '5 मार्च 2026' (hi-IN), from YYYY-MM-DD. */
export const dateFormatter = (
  language: Language,
  style: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' },
) => {
  const format = new Intl.DateTimeFormat(INTL_LOCALES[language], { ...style, timeZone: 'UTC' });
  return (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return format.format(new Date(Date.UTC(year, month - 1, day)));
  };
};

/**
 * A medicine's schedule line in `language` from the server catalogs: 'Daily at 09:00, 21:00',
 * 'Weekly on Mon, Fri at 08:00' (the language's weekday names), 'as-needed', or 'Stopped' for a
 * medication deleted since. The web writes its own from its catalogs (medication-card.tsx).
 */
export function scheduleText(row: Pick<MedicineRow, 'plan'>, language: Language): string {
  if (row.plan === null) return t(language, 'report.schedule.stopped');
  const times = row.plan.times.join(', ');
  if (row.plan.frequency === 'daily') return t(language, 'report.schedule.daily', { times });
  if (row.plan.frequency === 'weekly') {
    // 2024-01-01 was a Monday: ISO weekday n is 2024-01-0n.
    const weekday = new Intl.DateTimeFormat(INTL_LOCALES[language], { weekday: 'short', timeZone: 'UTC' });
    const days = weeklyDays(row.plan)
      .map((iso) => weekday.format(new Date(Date.UTC(2024, 0, iso))))
      .join(', ');
    return t(language, 'report.schedule.weekly', { days, times });
  }
  return t(language, 'report.schedule.as_needed');
}

/** A whole percentage as '87%', or '—' when there is none. */
export const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** A change to one decimal with its sign: '+1.5', '-0.5', '0.0'. */
export const signed = (value: number) => (value > 0 ? `+${value.toFixed(1)}` : value.toFixed(1));
