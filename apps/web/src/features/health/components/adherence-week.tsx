/**
 * Reports' 'Medication Adherence': each of the last 7 days with its
 * weekday, taken/total, percentage and a bar. A day with no counted doses shows '—'.
 */
import type { DayAdherence } from '@diacare/contract/dose-rules';
import { Card } from '../../../components/ui/card';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { shortWeekday } from '../utils/readings';

export function AdherenceWeek({ days }: { days: readonly DayAdherence[] }) {
  const t = useT();
  const { intlLocale } = useLocale();
  return (
    <section aria-labelledby="adherence-heading" className="mb-6">
      <h2 id="adherence-heading" className="mb-3 text-lg font-bold">
        {t('health-reports.adherence.heading')}
      </h2>
      <Card>
        <ul className="space-y-3" aria-label={t('health-reports.adherence.byDay')}>
          {days.map((day) => (
            <li key={day.date} className="grid grid-cols-[2.5rem_1fr_auto] items-center gap-3 text-sm">
              <span className="font-medium text-slate-700">{shortWeekday(day.date, intlLocale)}</span>
              <div
                role="progressbar"
                aria-label={t('health-reports.adherence.day', {
                  weekday: shortWeekday(day.date, intlLocale),
                  date: day.date,
                  taken: day.taken,
                  total: day.total,
                })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={day.percent ?? 0}
                className="h-2.5 overflow-hidden rounded-full bg-slate-200"
              >
                <div className="h-full rounded-full bg-primary" style={{ width: `${day.percent ?? 0}%` }} />
              </div>
              <span className="w-20 text-right tabular-nums text-slate-600">
                {day.taken}/{day.total}
                <span className="ml-2 inline-block w-9 font-semibold text-slate-800">
                  {day.percent === null ? '—' : `${day.percent}%`}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
