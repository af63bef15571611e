/**
 * History's Insulin view (/reports/history/insulin): for the chosen 7, 30 or 90 days, a row
 * per day with doses (units by type, the day's total, the average daily total), then each
 * dose with Delete and Undo. Figures only: the app never suggests a dose. A care member reads a
 * patient's from a member `source`, without Delete (decision 077).
 */
import { localDate, shiftDate } from '@diacare/contract/dates';
import { INSULIN_TYPES, dailyInsulinTotals, type InsulinType } from '@diacare/contract/insulin-rules';
import { roundTo } from '@diacare/contract/clinical';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft } from 'lucide-react';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';
import { OWN_HISTORY, type HistorySource } from '../api/history-source';
import { InsulinDoses } from './insulin-doses';
import { formatLabDate } from '../utils/labs';
import { RangeSwitch, type HistoryRange } from './range-switch';

const TYPE_IDS: Record<InsulinType, MessageId> = {
  rapid: 'health-reports.insulin.type.rapid',
  short: 'health-reports.insulin.type.short',
  intermediate: 'health-reports.insulin.type.intermediate',
  long: 'health-reports.insulin.type.long',
  premixed: 'health-reports.insulin.type.premixed',
};

/** Units as a pen dials them: '18', '6.5'. */
const units = (value: number) => String(roundTo(value, 1));

export function InsulinHistory({
  now,
  zone,
  source = OWN_HISTORY,
}: {
  now: Date;
  zone: string;
  source?: HistorySource;
}) {
  const t = useT();
  const { intlLocale } = useLocale();
  const [range, setRange] = useState<HistoryRange>(30);
  const today = localDate(now, zone);
  const doses = useQuery(source.insulin({ start_date: shiftDate(today, -(range - 1)) }));
  const days = dailyInsulinTotals(doses.data ?? []);
  const types = INSULIN_TYPES.filter((type) => days.some((day) => day.byType[type] > 0));
  const average = days.length ? days.reduce((sum, day) => sum + day.total, 0) / days.length : null;

  return (
    <>
      <header className="mb-5 flex items-center gap-2">
        <Link
          to={source.reportsPath}
          aria-label={t('health-reports.history.back')}
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200"
        >
          <ChevronLeft className="h-6 w-6" aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold leading-snug">{t('health-reports.insulin.title')}</h1>
          <p className="text-sm text-slate-500">{t('health-reports.insulin.subtitle')}</p>
        </div>
      </header>
      <RangeSwitch value={range} onChange={setRange} />
      {doses.isPending ? (
        <p className="py-10 text-center text-slate-500">{t('common.loading')}</p>
      ) : doses.isError ? (
        <Card className="mt-4 py-8 text-center text-red-700" role="alert">
          {source.personName === null
            ? t('health-reports.insulin.loadFailed')
            : t('health-reports.insulin.loadFailedOf', { name: source.personName })}
        </Card>
      ) : days.length === 0 ? (
        <Card className="mt-4 py-8 text-center text-slate-600">{t('health-reports.insulin.none')}</Card>
      ) : (
        <Card className="mt-4 overflow-x-auto">
          {average !== null ? (
            <p className="mb-3 text-sm text-slate-700" data-testid="insulin-average">
              {t('health-reports.insulin.averageDaily', { units: units(average), days: days.length })}
            </p>
          ) : null}
          <table className="w-full text-sm" data-testid="insulin-days">
            <thead>
              <tr className="text-left text-slate-500">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t('health-reports.insulin.day')}
                </th>
                {types.map((type) => (
                  <th key={type} scope="col" className="py-1 pr-2 text-right font-medium">
                    {t(TYPE_IDS[type])}
                  </th>
                ))}
                <th scope="col" className="py-1 text-right font-medium">
                  {t('health-reports.insulin.total')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    {formatLabDate(day.date, intlLocale)}
                  </th>
                  {types.map((type) => (
                    <td key={type} className="py-2 pr-2 text-right">
                      {day.byType[type] ? `${units(day.byType[type])} U` : '—'}
                    </td>
                  ))}
                  <td className="py-2 text-right font-semibold">{units(day.total)} U</td>
                </tr>
              ))}
            </tbody>
          </table>
          <InsulinDoses doses={doses.data ?? []} typeIds={TYPE_IDS} units={units} editable={source.editable} />
        </Card>
      )}
    </>
  );
}
