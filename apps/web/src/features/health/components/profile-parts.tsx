/**
 * The glucose profile's parts (decision 084): the five-range bar with the consensus targets, the
 * figures, the small daily profiles, the per-meal table and the hourly table for screen readers.
 * Glucose arrives in mg/dL and is shown in the person's unit.
 */
import { GLUCOSE_BANDS, TIME_IN_RANGES_TARGETS } from '@diacare/contract/clinical';
import { formatShortDate } from '@diacare/contract/dates';
import { PROFILE_CV_GOAL_PERCENT } from '@diacare/contract/glucose-profile';
import { formatGlucoseRange, formatGlucoseValue, type GlucoseUnit } from '@diacare/contract/glucose-units';
import type { GlucoseProfile } from '@diacare/contract/reports';
import { Card } from '../../../components/ui/card';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useLocale } from '../../../lib/i18n/language-provider';
import { MEAL_CONTEXT_IDS } from '../utils/labels';
import { minuteLabel } from './profile-chart-labels';

type Ranges = NonNullable<GlucoseProfile['ranges']>;
type RangeKey = keyof Ranges;

/**
 * The five bands, highest first (as the consensus report stacks them), with goal and colour: fixed
 * in both themes (AGP's orange, yellow, green, red, dark red); the text beside each names it.
 */
const BANDS: { key: RangeKey; colour: string; goal: MessageId; percent: number; name: MessageId }[] = [
  {
    key: 'very_high',
    colour: '#c2410c',
    name: 'health-reports.profile.range.veryHigh',
    goal: 'health-reports.profile.goal.under',
    percent: TIME_IN_RANGES_TARGETS.above250Under,
  },
  {
    key: 'high',
    colour: '#facc15',
    name: 'health-reports.profile.range.high',
    goal: 'health-reports.profile.goal.aboveUnder',
    percent: TIME_IN_RANGES_TARGETS.above180Under,
  },
  {
    key: 'in_range',
    colour: '#16a34a',
    name: 'health-reports.profile.range.inRange',
    goal: 'health-reports.profile.goal.over',
    percent: TIME_IN_RANGES_TARGETS.inRangeAbove,
  },
  {
    key: 'low',
    colour: '#ef4444',
    name: 'health-reports.profile.range.low',
    goal: 'health-reports.profile.goal.belowUnder',
    percent: TIME_IN_RANGES_TARGETS.below70Under,
  },
  {
    key: 'very_low',
    colour: '#991b1b',
    name: 'health-reports.profile.range.veryLow',
    goal: 'health-reports.profile.goal.under',
    percent: TIME_IN_RANGES_TARGETS.below54Under,
  },
];

/** The band's limits as text in `unit`: 'under 54', '54–69', '70–180', '181–250', 'over 250' mg/dL. */
function bandRange(key: RangeKey, unit: GlucoseUnit, t: ReturnType<typeof useLocale>['t']): string {
  const value = (mgDl: number) => `${formatGlucoseValue(mgDl, unit)} ${unit}`;
  switch (key) {
    case 'very_low':
      return t('health-reports.profile.below', { value: value(GLUCOSE_BANDS.veryLow) });
    case 'low':
      return formatGlucoseRange(GLUCOSE_BANDS.veryLow, GLUCOSE_BANDS.low - 1, unit);
    case 'in_range':
      return formatGlucoseRange(GLUCOSE_BANDS.low, GLUCOSE_BANDS.high, unit);
    case 'high':
      return formatGlucoseRange(GLUCOSE_BANDS.high + 1, GLUCOSE_BANDS.veryHigh, unit);
    case 'very_high':
      return t('health-reports.profile.above', { value: value(GLUCOSE_BANDS.veryHigh) });
  }
}

/** Whether a band meets its consensus goal (below 70 and above 180 count their two bands together). */
function meetsGoal(key: RangeKey, ranges: Ranges): boolean {
  const T = TIME_IN_RANGES_TARGETS;
  switch (key) {
    case 'very_low':
      return ranges.very_low < T.below54Under;
    case 'low':
      return ranges.very_low + ranges.low < T.below70Under;
    case 'in_range':
      return ranges.in_range > T.inRangeAbove;
    case 'high':
      return ranges.high + ranges.very_high < T.above180Under;
    case 'very_high':
      return ranges.very_high < T.above250Under;
  }
}

/** The stacked bar of the five ranges and, beside each, its share, limits and goal. */
export function RangesBar({ ranges, unit }: { ranges: Ranges; unit: GlucoseUnit }) {
  const { t } = useLocale();
  return (
    <Card className="mb-4" data-testid="profile-ranges">
      <h2 className="mb-3 text-base font-bold">{t('health-reports.profile.rangesHeading')}</h2>
      <div className="flex gap-3">
        <div className="flex w-6 shrink-0 flex-col overflow-hidden rounded-md" aria-hidden>
          {BANDS.map((band) => (
            <div
              key={band.key}
              style={{
                backgroundColor: band.colour,
                flexGrow: ranges[band.key],
                minHeight: ranges[band.key] > 0 ? 2 : 0,
              }}
            />
          ))}
        </div>
        <ul className="min-w-0 flex-1 space-y-2">
          {BANDS.map((band) => (
            <li key={band.key} className="flex items-baseline justify-between gap-2">
              <div className="min-w-0">
                <p className="text-sm font-semibold">
                  <span
                    className="mr-1.5 inline-block h-2.5 w-2.5 rounded-sm"
                    style={{ backgroundColor: band.colour }}
                    aria-hidden
                  />
                  {t(band.name)} <span className="font-normal text-slate-600">{bandRange(band.key, unit, t)}</span>
                </p>
                <p className="text-xs text-slate-600">
                  {t(band.goal, {
                    percent: band.percent,
                    value: `${formatGlucoseValue(band.key === 'low' ? GLUCOSE_BANDS.low : GLUCOSE_BANDS.high, unit)} ${unit}`,
                  })}
                  {meetsGoal(band.key, ranges) ? '' : ` · ${t('health-reports.profile.goal.missed')}`}
                </p>
              </div>
              <span className="shrink-0 text-lg font-bold">{ranges[band.key]}%</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

/** Mean, GMI, CV (with its goal), SD, sensor wear and days with data. */
export function ProfileFigures({ profile, unit }: { profile: GlucoseProfile; unit: GlucoseUnit }) {
  const { t } = useLocale();
  const glucose = (mgDl: number | null) => (mgDl === null ? '—' : `${formatGlucoseValue(mgDl, unit)} ${unit}`);
  const figures: { label: string; value: string }[] = [
    { label: t('health-reports.profile.mean'), value: glucose(profile.mean) },
    ...(profile.source === 'fingerstick'
      ? []
      : [
          {
            label: t('health-reports.profile.gmi'),
            value: profile.gmi === null ? t('health-reports.profile.gmiNeedsDays') : `${profile.gmi.toFixed(1)}%`,
          },
        ]),
    {
      label: t('health-reports.profile.cv', { goal: PROFILE_CV_GOAL_PERCENT }),
      value: profile.cv === null ? '—' : `${profile.cv.toFixed(1)}%`,
    },
    { label: t('health-reports.profile.sd'), value: glucose(profile.sd) },
    ...(profile.sensor_active_percent === null
      ? []
      : [{ label: t('health-reports.profile.wear'), value: `${profile.sensor_active_percent.toFixed(1)}%` }]),
    {
      label: t('health-reports.profile.days'),
      value: t('health-reports.profile.daysOf', { days: profile.days_with_data, total: profile.period.days }),
    },
  ];
  return (
    <Card className="mb-4">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-3" data-testid="profile-figures">
        {figures.map((figure) => (
          <div key={figure.label} className="min-w-0">
            <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
            <dd className="text-lg font-bold">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The hourly percentiles as a table, for screen readers (the chart is hidden from them). */
export function PercentileTable({ profile, unit }: { profile: GlucoseProfile; unit: GlucoseUnit }) {
  const { t } = useLocale();
  return (
    <div className="sr-only">
      <table>
        <caption>{t('health-reports.profile.tableCaption', { unit })}</caption>
        <thead>
          <tr>
            {(
              [
                'health-reports.profile.column.hour',
                'health-reports.profile.column.p5',
                'health-reports.profile.column.p25',
                'health-reports.profile.column.median',
                'health-reports.profile.column.p75',
                'health-reports.profile.column.p95',
              ] as const
            ).map((id) => (
              <th key={id} scope="col">
                {t(id)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {profile.percentiles.map((bin) => (
            <tr key={bin.minute}>
              <th scope="row">{minuteLabel(bin.minute)}</th>
              {[bin.p5, bin.p25, bin.p50, bin.p75, bin.p95].map((value, index) => (
                <td key={index}>{formatGlucoseValue(value, unit)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The meter's readings per meal context: count, mean and range, a visible table. */
export function ContextTable({ profile, unit }: { profile: GlucoseProfile; unit: GlucoseUnit }) {
  const { t } = useLocale();
  return (
    <Card className="mb-4" data-testid="profile-by-context">
      <h2 className="mb-2 text-base font-bold">{t('health-reports.profile.byContextHeading')}</h2>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('health-reports.profile.byContextCaption', { unit })}</caption>
        <thead className="text-xs text-slate-600">
          <tr>
            <th scope="col" className="py-1 font-medium">
              {t('health-reports.profile.column.context')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('health-reports.profile.column.readings')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('health-reports.profile.column.mean')}
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              {t('health-reports.profile.column.range')}
            </th>
          </tr>
        </thead>
        <tbody>
          {profile.by_context.map((row) => (
            <tr key={row.meal_context} className="border-t border-slate-200">
              <th scope="row" className="py-1.5 font-semibold">
                {t(MEAL_CONTEXT_IDS[row.meal_context])}
              </th>
              <td className="py-1.5 text-right">{row.readings}</td>
              <td className="py-1.5 text-right">{row.mean === null ? '—' : formatGlucoseValue(row.mean, unit)}</td>
              <td className="py-1.5 text-right whitespace-nowrap">
                {row.min === null || row.max === null
                  ? '—'
                  : `${formatGlucoseValue(row.min, unit)}–${formatGlucoseValue(row.max, unit)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-slate-600">{t('health-reports.profile.unitNote', { unit })}</p>
    </Card>
  );
}

/** Scale of the small daily profiles, mg/dL. */
const DAY_SCALE = { min: 40, max: 350 } as const;

/**
 * A small profile per day: the day's lowest to highest reading as a bar over the 70–180 band, its
 * mean as a dot; a day without readings is an empty frame. The same figures in its label.
 */
export function DailyProfiles({ profile, unit }: { profile: GlucoseProfile; unit: GlucoseUnit }) {
  const { t, intlLocale } = useLocale();
  const y = (mgDl: number) =>
    100 -
    ((Math.min(Math.max(mgDl, DAY_SCALE.min), DAY_SCALE.max) - DAY_SCALE.min) / (DAY_SCALE.max - DAY_SCALE.min)) * 100;
  return (
    <Card className="mb-4">
      <h2 className="mb-2 text-base font-bold">{t('health-reports.profile.dailyHeading')}</h2>
      <ul className="grid grid-cols-7 gap-1" data-testid="profile-daily">
        {profile.daily.map((day) => {
          const label =
            day.mean === null || day.min === null || day.max === null
              ? t('health-reports.profile.dayEmpty', { date: formatShortDate(day.date, intlLocale) })
              : t('health-reports.profile.daySummary', {
                  date: formatShortDate(day.date, intlLocale),
                  readings: day.readings,
                  mean: formatGlucoseValue(day.mean, unit),
                  range: `${formatGlucoseValue(day.min, unit)}–${formatGlucoseValue(day.max, unit)}`,
                  unit,
                });
          return (
            <li key={day.date} className="min-w-0 text-center">
              <span className="sr-only">{label}</span>
              <svg
                viewBox="0 0 20 100"
                preserveAspectRatio="none"
                className="h-14 w-full rounded bg-slate-100"
                aria-hidden
              >
                <rect
                  x="0"
                  width="20"
                  y={y(GLUCOSE_BANDS.high)}
                  height={y(GLUCOSE_BANDS.low) - y(GLUCOSE_BANDS.high)}
                  className="fill-green-600/15"
                />
                {day.min !== null && day.max !== null && day.mean !== null ? (
                  <>
                    <rect
                      x="8"
                      width="4"
                      y={y(day.max)}
                      height={Math.max(y(day.min) - y(day.max), 1)}
                      rx="2"
                      className="fill-teal-600/60"
                    />
                    <rect x="3" width="14" y={y(day.mean) - 1.5} height="3" className="fill-teal-900" />
                  </>
                ) : null}
              </svg>
              <span className="block truncate text-[0.625rem] text-slate-600" aria-hidden>
                {formatShortDate(day.date, intlLocale)}
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
