/**
 * Glucose insights beyond the screens' basics: time in range (70–180 mg/dL, beside the 70–140
 * target), an estimated A1c (only with readings on 14 days or more) and a note when a reading was
 * low. Formulas and sources are in @diacare/contract/clinical.
 */
import {
  EA1C_MIN_DAYS,
  HYPOGLYCAEMIA,
  TIME_IN_RANGE_TARGET,
  estimatedA1c,
  timeInRange,
} from '@diacare/contract/clinical';
import { formatGlucoseValue } from '@diacare/contract/glucose-units';
import type { GlucoseReading } from '@diacare/contract/health';
import type { GlucoseReport } from '@diacare/contract/reports';
import { TriangleAlert } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/language-provider';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';

/**
 * Thresholds stay in mg/dL (clinical.ts); their labels follow the user's unit. With the
 * period's `report` (manual and imported readings, same rules) its time in range and
 * estimate are shown; the low note stays with the manual readings, as alerts do (decision 046).
 */
export function GlucoseInsights({
  readings,
  report,
  personName = null,
}: {
  readings: readonly GlucoseReading[];
  report?: GlucoseReport;
  /** Whose readings, for a member's view ('Shown once Asha's readings…'); null for one's own. */
  personName?: string | null;
}) {
  const unit = useGlucoseUnit();
  const t = useT();
  const tir = report ? report.time_in_range : timeInRange(readings.map((r) => r.value));
  const a1c = report ? report.estimated_a1c : estimatedA1c(readings);
  const anyLow = readings.some((r) => r.value < HYPOGLYCAEMIA.low);
  if (!tir) return null;
  const segments = [
    { label: t('health-reports.insights.below'), percent: tir.below, className: 'bg-red-500' },
    { label: t('health-reports.insights.inRange'), percent: tir.inRange, className: 'bg-green-600' },
    { label: t('health-reports.insights.above'), percent: tir.above, className: 'bg-amber-400' },
  ];
  return (
    <Card className="mb-4 space-y-4">
      <div>
        <h2 className="text-base font-bold">{t('health-reports.insights.tir')}</h2>
        <p className="text-xs text-slate-500">
          {t('health-reports.insights.tirShare', {
            low: formatGlucoseValue(TIME_IN_RANGE_TARGET.low, unit),
            high: formatGlucoseValue(TIME_IN_RANGE_TARGET.high, unit),
            unit,
            count: tir.readings,
          })}
        </p>
        <div className="mt-2 flex h-3 overflow-hidden rounded-full bg-slate-200" aria-hidden>
          {segments.map((s) => (
            <div key={s.label} className={s.className} style={{ width: `${s.percent}%` }} />
          ))}
        </div>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-center text-sm" data-testid="time-in-range">
          {segments.map((s) => (
            <div key={s.label}>
              <dt className="text-xs text-slate-500">{s.label}</dt>
              <dd className="font-semibold">{s.percent}%</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="border-t border-slate-100 pt-3">
        <h2 className="text-base font-bold">{t('health-reports.insights.a1c')}</h2>
        {a1c === null ? (
          <p className="text-sm text-slate-600">
            {personName === null
              ? t('health-reports.insights.a1cLater', { days: EA1C_MIN_DAYS })
              : t('health-reports.insights.a1cLaterOf', { days: EA1C_MIN_DAYS, name: personName })}
          </p>
        ) : (
          <p className="text-sm text-slate-600">
            <span className="text-xl font-bold text-slate-900" data-testid="estimated-a1c">
              {a1c.toFixed(1)}%
            </span>{' '}
            {personName === null
              ? t('health-reports.insights.a1cNote')
              : t('health-reports.insights.a1cNoteOf', { name: personName })}
          </p>
        )}
      </div>
      {/* The "15-15 rule" for level 1 hypoglycaemia: ADA Standards of Care, §6 Glycemic Goals and Hypoglycemia. */}
      {anyLow ? (
        <p role="note" className="flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>
            {t(personName === null ? 'health-reports.insights.lowNote' : 'health-reports.insights.lowNoteOf', {
              low: formatGlucoseValue(HYPOGLYCAEMIA.low, unit),
              veryLow: formatGlucoseValue(HYPOGLYCAEMIA.veryLow, unit),
              unit,
              name: personName ?? '',
            })}
          </span>
        </p>
      ) : null}
    </Card>
  );
}
