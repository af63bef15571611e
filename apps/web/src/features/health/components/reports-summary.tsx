/** Reports' header card (spec §2 Reports): overall Adherence %, Avg Glucose and BMI. */
import { Card } from '../../../components/ui/card';

function Figure({ label, value, unit }: { label: string; value: string | null; unit?: string }) {
  return (
    <div className="min-w-0 text-center">
      <dt className="text-xs font-medium text-teal-50">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">
        {value ?? '—'}
        {value && unit ? <span className="ml-0.5 text-xs font-medium text-teal-50">{unit}</span> : null}
      </dd>
    </div>
  );
}

/**
 * @param adherence whole percentage of counted doses taken in the last 7 days, or null
 * @param averageGlucose mg/dL, whole number, or null
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
  return (
    <Card className="mb-6 border-0 bg-gradient-to-br from-teal-700 to-teal-900 text-white">
      <dl className="grid grid-cols-3 gap-2" aria-label="Last 7 days">
        <Figure label="Adherence" value={adherence === null ? null : `${adherence}%`} />
        <Figure label="Avg Glucose" value={averageGlucose === null ? null : String(averageGlucose)} unit="mg/dL" />
        <Figure label="BMI" value={bmi === null ? null : bmi.toFixed(1)} />
      </dl>
    </Card>
  );
}
