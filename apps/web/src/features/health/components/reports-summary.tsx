/** Reports' header card: overall Adherence %, Avg Glucose and BMI. */
import { formatGlucoseValue } from '@diacare/contract/glucose-units';
import { useT } from '../../../lib/i18n/language-provider';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';

function Figure({ label, value, unit }: { label: string; value: string | null; unit?: string }) {
  return (
    <div className="min-w-0 text-center">
      <dt className="text-xs font-medium text-on-hero-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">
        {value ?? '—'}
        {value && unit ? <span className="ml-0.5 text-xs font-medium text-on-hero-muted">{unit}</span> : null}
      </dd>
    </div>
  );
}

/**
 * @param adherence whole percentage of counted doses taken in the last 7 days, or null
 * @param averageGlucose mean glucose, mg/dL (unrounded), or null; shown in the user's unit
 * @param bmi the latest BMI, kg/m², or null
 */
export function ReportsSummary({
  adherence,
  averageGlucose,
  bmi,
}: {
  adherence: number | null;
  averageGlucose: number | null;
  bmi: number | null;
}) {
  const unit = useGlucoseUnit();
  const t = useT();
  return (
    <div className="mb-6 rounded-2xl bg-hero p-[min(1rem,5vw)] text-on-hero shadow-sm">
      <dl className="grid grid-cols-fit-figures gap-2" aria-label={t('health-reports.summary.label')}>
        <Figure label={t('health-reports.summary.adherence')} value={adherence === null ? null : `${adherence}%`} />
        <Figure
          label={t('health-reports.summary.avgGlucose')}
          value={averageGlucose === null ? null : formatGlucoseValue(averageGlucose, unit)}
          unit={unit}
        />
        <Figure label={t('health-reports.summary.bmi')} value={bmi === null ? null : bmi.toFixed(1)} />
      </dl>
    </div>
  );
}
