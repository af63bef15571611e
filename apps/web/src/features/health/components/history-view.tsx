/**
 * Health History for one kind: figures, the 'Trend' chart and 'Recent Readings' (each editable)
 * over 7, 30 or 90 days (?days=, default 30), or the empty state when the user has no readings (nor meals).
 * Offline, readings that cannot be reached are never shown as the empty state. A care-circle
 * member sees a patient's the same way from a member `source`, read-only (decision 077).
 */
import { localDate, shiftDate } from '@diacare/contract/dates';
import type { GlucoseReading } from '@diacare/contract/health';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChartLine, ChevronLeft } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { Link } from '../../../lib/navigation';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { useResolvedTheme } from '../../../lib/theme';
import { fetchingFirst, isUnreachable, lastKnownData, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { cn } from '../../../lib/utils';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import type { ReadingByKind, ReadingKind } from '../api/health';
import { OWN_HISTORY, type HistorySource, type SourceQuery } from '../api/history-source';
import type { AdherenceOutcomes } from '@diacare/contract/reports';
import { DoseLane } from './dose-lane';
import { HISTORY_TITLES, historyModel, themedColour, type HistoryModel, type RecentReading } from '../utils/history';
import type { HistoryExtras, HistoryExtrasArgs } from '../utils/history-extras';
import { GlucoseInsights } from './glucose-insights';
import { AlertBadge, WhatToDoButton } from './reading-alert';
import { HISTORY_RANGES, RangeSwitch, type HistoryRange } from './range-switch';
import { ReadingActions } from './reading-actions';
import { PendingMark } from '../../../components/ui/pending-mark';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { retryableLazy } from '../../../lib/retryable-lazy';

// uPlot and its CSS load only here, after the page's text.
const TrendChart = retryableLazy(() => import('./trend-chart'));

const noExtras = (): HistoryExtras => ({});
const DEFAULT_RANGE: HistoryRange = 30;

function useRange(): [HistoryRange, (range: HistoryRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const range = HISTORY_RANGES.find((r) => r === asked) ?? DEFAULT_RANGE;
  return [range, (next) => setParams(next === DEFAULT_RANGE ? {} : { days: String(next) }, { replace: true })];
}

const backClasses =
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200';

/**
 * Back arrow to /reports, with the title and subtitle once there is data. The title wraps
 * rather than truncates: 'Blood Pressure History' must read whole on a 360 px phone.
 */
function HistoryHeader({ title, backTo }: { title?: string; backTo: string }) {
  const t = useT();
  return (
    <header className="mb-5 flex items-center gap-2">
      <Link to={backTo} aria-label={t('health-reports.history.back')} className={backClasses}>
        <ChevronLeft className="h-6 w-6" aria-hidden />
      </Link>
      {title ? (
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold leading-snug">{title}</h1>
          <p className="text-sm text-slate-500">{t('health-reports.history.subtitle')}</p>
        </div>
      ) : null}
    </header>
  );
}

/** No readings: the patient is asked to log; a member reading someone else's is told they have none yet. */
function EmptyState({ reportsPath, personName }: { reportsPath: string; personName: string | null }) {
  const t = useT();
  return (
    <Card className="flex flex-col items-center gap-3 py-10 text-center">
      <ChartLine className="h-10 w-10 text-slate-300" aria-hidden />
      <h1 className="text-lg font-bold">{t('health-reports.history.empty.title')}</h1>
      <p className="text-slate-600">
        {personName === null
          ? t('health-reports.history.empty.text')
          : t('health-reports.history.empty.textOf', { name: personName })}
      </p>
      <Link to={reportsPath} className={buttonClasses('primary', 'sm')}>
        {t('health-reports.history.goToReports')}
      </Link>
    </Card>
  );
}

function RecentReadings({
  readings,
  kind,
  byId,
  now,
  zone,
  editable,
}: {
  readings: RecentReading[];
  kind: ReadingKind;
  byId: Map<string, ReadingByKind[ReadingKind]>;
  now: Date;
  zone: string;
  /** False for a member: no Edit or Delete. */
  editable: boolean;
}) {
  const t = useT();
  const pending = usePendingMarks();
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="mb-3 text-lg font-bold">
        {t('health-reports.history.recent')}
      </h2>
      <ul className="space-y-2" aria-label={t('health-reports.history.recentLabel')}>
        {readings.map((reading) => {
          const source = editable ? byId.get(reading.key) : undefined;
          return (
            <li
              key={reading.key}
              className={cn(
                'flex flex-wrap items-center justify-between gap-2 rounded-2xl border bg-white py-2 pl-3 pr-1',
                reading.alert ? 'border-red-300' : 'border-slate-200',
              )}
            >
              {/* 5rem grows with the text size: at large text the value and actions wrap below. */}
              <div className="min-w-0 flex-[1_1_5rem]">
                <p className="font-semibold">{reading.date}</p>
                {reading.detail ? <p className="text-sm text-slate-600 wrap-break-word">{reading.detail}</p> : null}
                {pending.has(reading.key) ? <PendingMark className="mt-1" /> : null}
              </div>
              <div className="flex shrink-0 items-center gap-2">
                {reading.alert ? <AlertBadge alert={reading.alert} /> : null}
                <span className="font-bold">{reading.value}</span>
              </div>
              {source ? (
                <div className="-ml-1 flex shrink-0">
                  <ReadingActions
                    kind={kind}
                    reading={source}
                    label={[reading.value, reading.date, reading.detail].filter(Boolean).join(', ')}
                    now={now}
                    zone={zone}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The chart, with the extras' markers when there are some (a tapped marker calls `onMarker`). */
function Trend({ model, extras }: { model: HistoryModel; extras: HistoryExtras }) {
  const t = useT();
  const { markers } = extras;
  const chart = useMemo(() => (markers?.length ? { ...model.chart, markers } : model.chart), [model.chart, markers]);
  const theme = useResolvedTheme();
  return (
    <Card className="relative mb-4">
      <h2 className="mb-1 text-base font-bold">{t('health-reports.history.trend')}</h2>
      {chart.series.length > 1 ? (
        <ul className="mb-2 flex gap-4 text-xs text-slate-600" aria-hidden>
          {chart.series.map((s) => (
            <li key={s.label} className="flex items-center gap-1.5">
              {/* A line for a line series, a dot for points: the legend reads without colour. */}
              <span
                className={s.style === 'line' ? 'h-0.5 w-4' : 'h-2.5 w-2.5 rounded-full'}
                style={{ backgroundColor: themedColour(s.colour, theme) }}
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <Suspense fallback={<div className="h-[220px]" />}>
        <TrendChart chart={chart} theme={theme} onMarker={extras.onMarker} />
      </Suspense>
      <p className="mt-2 text-xs text-slate-500" data-testid="trend-summary">
        {model.summary}
      </p>
      {/* sr-only on the wrapper: a table grows to its content's width whatever its own width. */}
      <div className="sr-only">
        <table>
          <caption>{t('health-reports.history.tableCaption')}</caption>
          <thead>
            <tr>
              {model.table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {model.table.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** A placeholder for the dose lane a source may not read; never fetched (enabled: false). */
const NO_DOSE_LANE: SourceQuery<AdherenceOutcomes> = {
  queryKey: ['history', 'no-dose-lane'],
  queryFn: () => Promise.reject(new Error('no dose lane')),
};

export function HistoryView({
  kind,
  now,
  zone,
  source = OWN_HISTORY,
  useExtras = noExtras,
}: {
  kind: ReadingKind;
  now: Date;
  /** The zone of the person whose readings these are. */
  zone: string;
  source?: HistorySource;
  /** A hook adding to the glucose History (app/history-meals.tsx); nothing by default. */
  useExtras?: (args: HistoryExtrasArgs) => HistoryExtras;
}) {
  const t = useT();
  const { intlLocale } = useLocale();
  const [range, setRange] = useRange();
  const today = localDate(now, zone);
  const queryClient = useQueryClient();
  const rangeEndingOn = (day: string) => source.readings(kind, { start_date: shiftDate(day, -(range - 1)) });
  const inRange = useQuery({
    ...rangeEndingOn(today),
    // Offline on a new day: this range as last fetched, not the first-time text.
    ...lastKnownData<ReadingByKind[typeof kind][]>(queryClient, (day) => rangeEndingOn(day).queryKey, zone),
    placeholderData: keepPreviousData,
  });
  // Whether the user has any reading at all decides between docs/product.md's empty state and 'none in this period'.
  const latest = useQuery(source.readings(kind, { limit: 1 }));
  const error = inRange.error ?? latest.error;
  useEffect(() => {
    if (error) console.error(`Could not load the ${kind} history`, error);
  }, [error, kind]);
  // Saved readings still show when a refetch fails; only a failure with nothing to show is empty.
  const failed = (inRange.data === undefined && inRange.isError) || (latest.data === undefined && latest.isError);
  // A period switched to offline would show the previous period's readings as a placeholder: not these.
  const periodUnseen = inRange.isPlaceholderData && inRange.fetchStatus === 'paused';

  const readings = inRange.data;
  const byId = useMemo(() => new Map((readings ?? []).map((reading) => [reading.id, reading])), [readings]);
  const glucoseUnit = useGlucoseUnit();
  // Glucose: the server's figures of the period with imported sensor readings (decision 052).
  const report = useQuery({ ...source.glucoseReport(range), enabled: kind === 'glucose' });
  const sensor = useMemo(
    () =>
      report.data
        ? { line: report.data.sensor_line, readings: report.data.sensor_readings, mean: report.data.mean }
        : undefined,
    [report.data],
  );
  // The dose lane's outcomes (glucose only), asked for beside the readings rather than once the lane
  // has mounted, and waited for like the sensor figures: the lane then mounts at its full height
  // and nothing below it moves.
  const laneDays = range === 7 ? 14 : range;
  const laneQuery = source.outcomes ? source.outcomes(laneDays) : null;
  const outcomes = useQuery({ ...(laneQuery ?? NO_DOSE_LANE), enabled: kind === 'glucose' && laneQuery !== null });
  // A sensor-only glucose history (imports, no manual reading) still has a chart and figures.
  const sensorOnly = kind === 'glucose' && (sensor?.line.length ?? 0) > 0;
  const model = useMemo(
    () =>
      readings && (readings.length > 0 || sensorOnly)
        ? historyModel(kind, readings, { t, locale: intlLocale }, glucoseUnit, sensor)
        : null,
    [kind, readings, t, intlLocale, glucoseUnit, sensor, sensorOnly],
  );

  // One's own glucose History: the meals of the period (app/history-meals.tsx, decision 097).
  const extras = useExtras({
    enabled: kind === 'glucose',
    startDate: shiftDate(today, -(range - 1)),
    unit: glucoseUnit,
    now,
    zone,
  });

  // A glucose history waits for the sensor figures, the dose outcomes and the extras (while they
  // are being fetched) before it says 'empty'.
  const glucoseWaiting =
    kind === 'glucose' && (fetchingFirst(report) || fetchingFirst(outcomes) || extras.waiting === true);
  // The figures, chart and list mount in a deferred render, in slices, not in the urgent one the
  // last of these answers starts (decisions 059, 063).
  const contentReady = useDeferredValue(!inRange.isPending && !latest.isPending && !glucoseWaiting);

  if (isUnreachable(inRange) || isUnreachable(latest)) {
    return (
      <>
        <HistoryHeader backTo={source.reportsPath} />
        <OfflineFirstTime />
      </>
    );
  }
  if (glucoseWaiting) {
    return (
      <>
        <HistoryHeader backTo={source.reportsPath} />
        <p className="py-10 text-center text-slate-500">{t('common.loading')}</p>
      </>
    );
  }
  // No reading at all is the empty state only when the period's meals (extras) are none either.
  if (failed || (latest.data?.length === 0 && !sensorOnly && !extras.hasContent)) {
    return (
      <>
        <HistoryHeader backTo={source.reportsPath} />
        <EmptyState reportsPath={source.reportsPath} personName={source.personName} />
      </>
    );
  }
  if (inRange.isPending || latest.isPending || !contentReady) {
    return (
      <>
        <HistoryHeader backTo={source.reportsPath} />
        <p className="py-10 text-center text-slate-500">{t('common.loading')}</p>
      </>
    );
  }
  return (
    <>
      <HistoryHeader title={model?.title ?? t(HISTORY_TITLES[kind])} backTo={source.reportsPath} />
      <RangeSwitch value={range} onChange={setRange} />
      {periodUnseen ? (
        <OfflineFirstTime />
      ) : model ? (
        <>
          <Card className="mb-4">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-3 sm:grid-cols-3" data-testid="history-figures">
              {model.figures.map((figure) => (
                <div key={figure.label} className="min-w-0">
                  <dt className="text-xs font-medium text-slate-500">{figure.label}</dt>
                  <dd className="text-lg font-bold">{figure.value}</dd>
                </div>
              ))}
            </dl>
            {model.latestAlert ? (
              <div
                className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-red-100 pt-3"
                data-testid="latest-alert"
              >
                <p className="flex items-center gap-2 text-sm font-semibold text-red-800">
                  {t('health-reports.history.latestReading')} <AlertBadge alert={model.latestAlert.alert} />
                </p>
                <WhatToDoButton alert={model.latestAlert.alert} reading={model.latestAlert.reading} />
              </div>
            ) : null}
          </Card>
          <Trend model={model} extras={extras} />
          {kind === 'glucose' ? (
            <>
              {sensor && sensor.readings > 0 ? (
                <p className="-mt-2 mb-4 text-xs text-slate-500" data-testid="sensor-note">
                  {t('health-reports.history.sensorNote', { count: sensor.readings })}
                </p>
              ) : null}
              {laneQuery ? <DoseLane days={laneDays} unit={glucoseUnit} query={laneQuery} /> : null}
              {extras.section}
              <GlucoseInsights
                readings={readings as GlucoseReading[]}
                report={report.data}
                personName={source.personName}
              />
            </>
          ) : null}
          {model.recent.length > 0 ? (
            <RecentReadings
              readings={model.recent}
              kind={kind}
              byId={byId}
              now={now}
              zone={zone}
              editable={source.editable}
            />
          ) : null}
        </>
      ) : (
        <>
          <Card className="mb-4 py-8 text-center text-slate-600">
            {t('health-reports.history.noneInRange', { days: range })}
          </Card>
          {kind === 'glucose' ? extras.section : null}
        </>
      )}
    </>
  );
}
