/**
 * Reports' 'Lab results' card: the latest HbA1c with its date and the previous
 * one, beside the estimated A1c from the last 90 days of glucose readings (ADAG, labelled as
 * an estimate); then the newest result of every other test, creatinine with its eGFR.
 */
import { EA1C_MIN_DAYS, estimatedA1c } from '@diacare/contract/clinical';
import { shiftDate } from '@diacare/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, FlaskConical, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardIcon } from '../../../components/ui/card';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';
import { getReadingsQueryOptions } from '../api/health';
import { getLabResultsQueryOptions } from '../api/labs';
import { getGlucoseReportQueryOptions } from '../api/reports';
import { LAB_TEST_IDS, formatLabDate, formatLabValue, hba1cInIfcc, latestByTest } from '../utils/labs';

/** HbA1c reflects about the last 2–3 months (ADA Standards of Care 2025, §6): the estimate uses 90 days. */
const ESTIMATE_DAYS = 90;

/**
 * The card's queries: the last two HbA1c results, every test's results, 90 days of glucose and
 * the server's 90-day report. Reports asks for them with its own, so they are fetched at once
 * and the card mounts with its answers.
 * @param today YYYY-MM-DD in the user's zone
 */
export function useLabResultsData(today: string) {
  return {
    hba1c: useQuery(getLabResultsQueryOptions({ test: 'hba1c', limit: 2 })),
    all: useQuery(getLabResultsQueryOptions({ limit: 100 })),
    glucose: useQuery(
      getReadingsQueryOptions('glucose', { start_date: shiftDate(today, -(ESTIMATE_DAYS - 1)), end_date: today }),
    ),
    report: useQuery(getGlucoseReportQueryOptions(ESTIMATE_DAYS)),
  };
}

export function LabResultsCard({
  data: { hba1c, all, glucose, report },
  onAdd,
}: {
  data: ReturnType<typeof useLabResultsData>;
  onAdd: () => void;
}) {
  const t = useT();
  const { intlLocale } = useLocale();
  const [latest, previous] = hba1c.data ?? [];
  // With imported sensor readings, the server's estimate over both kinds (decision 052).
  const estimate = report.data?.sensor_readings
    ? report.data.estimated_a1c
    : glucose.data
      ? estimatedA1c(glucose.data)
      : null;
  const others = latestByTest(all.data ?? []).filter((result) => result.test !== 'hba1c');

  return (
    <Card role="region" aria-labelledby="lab-results-heading" data-testid="lab-results" className="mt-4 @container">
      <div className="flex items-start gap-3">
        <CardIcon icon={FlaskConical} className="bg-purple-100 text-purple-700" />
        <h3 id="lab-results-heading" className="min-w-0 flex-1 pt-2 font-semibold">
          {t('health-reports.labs.heading')}
        </h3>
        <Link
          to="/reports/history/hba1c"
          aria-label={t('health-reports.labs.historyLink')}
          className="-mr-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
        >
          <ChevronRight className="h-5 w-5" aria-hidden />
        </Link>
      </div>
      <div className="mt-3 grid grid-cols-fit gap-3">
        <div data-testid="lab-hba1c">
          <p className="text-sm text-slate-600">{t('health-reports.labs.latestHba1c')}</p>
          {latest ? (
            <>
              <p className="text-2xl font-bold">{formatLabValue(latest)}</p>
              <p className="text-sm text-slate-500">{hba1cInIfcc(latest.value)}</p>
              <p className="text-xs text-slate-500">{formatLabDate(latest.date, intlLocale)}</p>
              {previous ? (
                <p className="mt-1 text-sm text-slate-600">
                  {t('health-reports.labs.previous', {
                    value: formatLabValue(previous),
                    date: formatLabDate(previous.date, intlLocale),
                  })}
                </p>
              ) : null}
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-500">{t('health-reports.labs.none')}</p>
          )}
        </div>
        <div data-testid="lab-estimate" className="rounded-xl bg-slate-50 p-2">
          <p className="text-sm text-slate-600">{t('health-reports.labs.estimate')}</p>
          <p className="text-xl font-semibold">{estimate === null ? '—' : `${estimate.toFixed(1)} %`}</p>
          <p className="text-xs text-slate-500">
            {estimate === null
              ? t('health-reports.labs.estimateNeeds', { days: EA1C_MIN_DAYS })
              : t('health-reports.labs.estimateNote', { days: ESTIMATE_DAYS })}
          </p>
        </div>
      </div>
      {others.length ? (
        <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-sm" data-testid="lab-others">
          {others.map((result) => (
            <li key={result.id} className="flex flex-wrap justify-between gap-x-3">
              <span className="text-slate-600">{t(LAB_TEST_IDS[result.test])}</span>
              <span>
                <span className="font-semibold">{formatLabValue(result)}</span>{' '}
                <span className="text-xs text-slate-500">{formatLabDate(result.date, intlLocale)}</span>
                {result.test === 'creatinine' ? (
                  <span className="block text-right text-xs text-slate-600">
                    {result.egfr === null
                      ? t('health-reports.labs.egfrNeedsProfile')
                      : t('health-reports.labs.egfr', { egfr: result.egfr })}
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <Link to="/reports/history/insulin" className="text-sm font-semibold text-primary">
          {t('health-reports.insulin.link')}
        </Link>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden />
          {t('health-reports.labs.add')}
        </Button>
      </div>
    </Card>
  );
}
