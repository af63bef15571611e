/**
 * History's dose lane under the glucose chart (decision 052): one row per dose (medicine and
 * time), one mark per day — a tall bar taken on time, a short bar late, a bar below the line
 * missed, so it reads without colour — and the one sentence of association, not cause.
 */
import { formatShortDate } from '@diacare/contract/dates';
import { formatGlucose, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { AdherenceOutcomes, DoseOutcome, OutcomePeriod } from '@diacare/contract/reports';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../components/ui/card';
import { useLocale, useT, type TranslateFunction } from '../../../lib/i18n/language-provider';
import { isUnreachable } from '../../../lib/offline/offline-states';
import { OWN_HISTORY, type SourceQuery } from '../api/history-source';

/** One lane row's geometry, in SVG units per day. */
const CELL = 10;
const ROW = 28;
const BASE = 18;
const MARK: Record<DoseOutcome, { y: number; height: number; className: string }> = {
  on_time: { y: BASE - 16, height: 16, className: 'fill-teal-600' },
  late: { y: BASE - 7, height: 7, className: 'fill-amber-600' },
  missed: { y: BASE + 1, height: 8, className: 'fill-red-600' },
};

/** The sentence for `outcomes` in the active language, glucose in `unit`. */
export function outcomeSentence(outcomes: AdherenceOutcomes, unit: GlucoseUnit, t: TranslateFunction): string {
  const { statement } = outcomes;
  if (statement.kind === 'no_doses') return t('health-reports.outcomes.noDoses');
  if (statement.kind === 'too_few') {
    return t('health-reports.outcomes.tooFew', {
      missed: statement.missed_days,
      taken: statement.taken_days,
      needed: statement.needed,
    });
  }
  return t('health-reports.outcomes.compare', {
    missed: statement.missed_days,
    taken: statement.taken_days,
    what: statement.dose
      ? t('health-reports.outcomes.missedDose', { name: statement.dose.name, time: statement.dose.scheduled_time })
      : t('health-reports.outcomes.missedAny'),
    metric: statement.metric,
    missedValue: formatGlucose(statement.missed_value, unit),
    takenValue: formatGlucose(statement.taken_value, unit),
  });
}

/** The lane's rows: every dose (medicine id and time) met in the period, by time then name. */
function laneRows(outcomes: AdherenceOutcomes) {
  const rows = new Map<string, { key: string; name: string; time: string }>();
  for (const day of outcomes.days) {
    for (const dose of day.doses) {
      const key = `${dose.medication_id}|${dose.scheduled_time}`;
      if (!rows.has(key)) rows.set(key, { key, name: dose.name, time: dose.scheduled_time });
    }
  }
  return [...rows.values()].sort((a, b) => a.time.localeCompare(b.time) || a.name.localeCompare(b.name));
}

function Glyph({ outcome }: { outcome: DoseOutcome }) {
  const mark = MARK[outcome];
  return (
    <svg viewBox={`0 0 12 ${ROW}`} className="h-6 w-3 shrink-0" aria-hidden="true">
      <line x1="0" x2="12" y1={BASE + 0.5} y2={BASE + 0.5} className="stroke-slate-400" strokeWidth="1" />
      <rect x="3" y={mark.y} width="6" height={mark.height} className={mark.className} />
    </svg>
  );
}

function Lane({ outcomes }: { outcomes: AdherenceOutcomes }) {
  const t = useT();
  const { intlLocale } = useLocale();
  const rows = laneRows(outcomes);
  const short: Record<DoseOutcome, string> = {
    on_time: t('health-reports.outcomes.onTimeShort'),
    late: t('health-reports.outcomes.lateShort'),
    missed: t('health-reports.outcomes.missedShort'),
  };
  const width = outcomes.days.length * CELL;
  return (
    <>
      <ul
        className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600"
        aria-label={t('health-reports.outcomes.legend')}
      >
        <li className="flex items-center gap-1">
          <Glyph outcome="on_time" />
          {t('health-reports.outcomes.onTime')}
        </li>
        <li className="flex items-center gap-1">
          <Glyph outcome="late" />
          {t('health-reports.outcomes.late', { minutes: outcomes.late_after_minutes })}
        </li>
        <li className="flex items-center gap-1">
          <Glyph outcome="missed" />
          {t('health-reports.outcomes.missed')}
        </li>
      </ul>
      <div aria-hidden="true" data-testid="dose-lane">
        {rows.map((row) => (
          <div key={row.key} className="mb-1">
            <p className="text-xs font-medium text-slate-700">
              {row.name} {row.time}
            </p>
            <svg viewBox={`0 0 ${width} ${ROW}`} preserveAspectRatio="none" className="h-7 w-full">
              <line x1="0" x2={width} y1={BASE + 0.5} y2={BASE + 0.5} className="stroke-slate-300" strokeWidth="1" />
              {outcomes.days.map((day, index) => {
                const dose = day.doses.find((d) => `${d.medication_id}|${d.scheduled_time}` === row.key);
                if (!dose) return null;
                const mark = MARK[dose.outcome];
                return (
                  <rect
                    key={day.date}
                    x={index * CELL + 2}
                    y={mark.y}
                    width={CELL - 4}
                    height={mark.height}
                    className={mark.className}
                  />
                );
              })}
            </svg>
          </div>
        ))}
        <div className="flex justify-between text-xs text-slate-500">
          <span>{formatShortDate(outcomes.period.start, intlLocale)}</span>
          <span>{formatShortDate(outcomes.period.end, intlLocale)}</span>
        </div>
      </div>
      {/* The lane in words for screen readers, a day per item; a list, so History keeps one table (the chart's). */}
      <ul className="sr-only" aria-label={t('health-reports.outcomes.dayList')} data-testid="dose-days">
        {outcomes.days.map((day) => (
          <li key={day.date}>
            {formatShortDate(day.date, intlLocale)}:{' '}
            {day.doses.length === 0
              ? t('health-reports.outcomes.noDoseShort')
              : day.doses
                  .map(
                    (dose) =>
                      `${dose.name} ${dose.scheduled_time} ${short[dose.outcome]}${dose.taken_time ? ` ${dose.taken_time}` : ''}`,
                  )
                  .join(', ')}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The dose lane and sentence for the `days` before today; loading, error and no-dose states.
 * `query`: whose outcomes (the user's own by default; a patient's for a care member).
 */
export function DoseLane({
  days,
  unit,
  query,
}: {
  days: OutcomePeriod;
  unit: GlucoseUnit;
  query?: SourceQuery<AdherenceOutcomes>;
}) {
  const t = useT();
  const outcomes = useQuery(query ?? OWN_HISTORY.outcomes!(days));
  return (
    <Card className="mb-4" data-testid="dose-outcomes">
      <section aria-labelledby="dose-lane-heading">
        <h2 id="dose-lane-heading" className="text-base font-bold">
          {t('health-reports.outcomes.title')}
        </h2>
        <p className="mb-2 text-xs text-slate-500">{t('health-reports.outcomes.period', { days })}</p>
        {outcomes.data ? (
          <>
            {outcomes.data.statement.kind === 'no_doses' ? null : <Lane outcomes={outcomes.data} />}
            <p className="mt-3 text-sm text-slate-700" data-testid="outcome-sentence">
              {outcomeSentence(outcomes.data, unit, t)}
            </p>
          </>
        ) : outcomes.isError || isUnreachable(outcomes) ? (
          <p className="text-sm text-slate-600" role="status">
            {t('health-reports.outcomes.error')}
          </p>
        ) : (
          <p className="text-sm text-slate-500">{t('common.loading')}</p>
        )}
      </section>
    </Card>
  );
}
