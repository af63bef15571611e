/**
 * Health Reports (spec §2 Reports, §7, §9): glucose, blood pressure, body metrics and
 * adherence for the last 7 days including today in the user's zone, fetched in parallel
 * with start_date (never the whole history). Adherence failure yields an empty list (§7);
 * a failed reading fetch is logged and its card reads as empty (§8).
 */
import { datesEndingOn, localDate, localTime, shiftDate } from '@diacare/contract/dates';
import { dailyAdherence } from '@diacare/contract/dose-rules';
import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Page, PageHeader } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { getReadingsQueryOptions, type ReadingKind } from '../../features/health/api/health';
import { AdherenceWeek } from '../../features/health/components/adherence-week';
import { HealthMetricCards } from '../../features/health/components/metric-cards';
import { ReportsSummary } from '../../features/health/components/reports-summary';
import { overallAdherence, summariseGlucose } from '../../features/health/utils/readings';
import { getAdherenceQueryOptions, getMedicationsQueryOptions } from '../../features/medications/api/medications';
import { useUserZone } from '../../lib/auth/auth-provider';
import { useNow } from '../../lib/use-now';

// The log forms bring zod and react-hook-form: they load when a Log button is first pressed.
const LogReadingDialog = lazy(() =>
  import('../../features/health/components/log-dialogs').then((module) => ({ default: module.LogReadingDialog })),
);

// The doctor report's dialog (issue 13) loads when its button is first pressed.
const DoctorReportDialog = lazy(() =>
  import('../../features/doctor-report/components/doctor-report-dialog').then((module) => ({
    default: module.DoctorReportDialog,
  })),
);

/** Spec §9: reports cover the last 7 days including today. */
const REPORT_DAYS = 7;

/** Logs a failed fetch once per error (spec §8: fetch failure of health data is logged only). */
function useLogFailure(label: string, error: Error | null) {
  useEffect(() => {
    if (error) console.error(`Could not load ${label}`, error);
  }, [label, error]);
}

export function Component() {
  const zone = useUserZone();
  const now = useNow();
  const today = localDate(now, zone);
  const range = { start_date: shiftDate(today, -(REPORT_DAYS - 1)) };
  const glucose = useQuery(getReadingsQueryOptions('glucose', range));
  const bloodPressure = useQuery(getReadingsQueryOptions('bp', range));
  const bodyMetrics = useQuery(getReadingsQueryOptions('weight', range));
  const medications = useQuery(getMedicationsQueryOptions());
  const adherence = useQuery(getAdherenceQueryOptions({ start_date: range.start_date, end_date: today }));
  const [logging, setLogging] = useState<ReadingKind | null>(null);
  const [doctorReport, setDoctorReport] = useState(false);
  useLogFailure('glucose readings', glucose.error);
  useLogFailure('blood pressure readings', bloodPressure.error);
  useLogFailure('body metrics', bodyMetrics.error);

  const days = dailyAdherence(
    medications.data ?? [],
    adherence.data ?? [],
    datesEndingOn(today, REPORT_DAYS),
    today,
    localTime(now, zone),
  );
  const loading = glucose.isPending || bloodPressure.isPending || bodyMetrics.isPending;

  return (
    <Page withNav>
      <PageHeader title="Health Reports" subtitle="Last 7 days" backTo="/home" />
      <div className="-mt-2 mb-4 flex justify-end">
        <Button variant="outline" size="sm" onClick={() => setDoctorReport(true)}>
          <FileText className="h-4 w-4" aria-hidden />
          Doctor report
        </Button>
      </div>
      {loading ? (
        <p className="py-10 text-center text-slate-500">Loading...</p>
      ) : (
        <>
          <ReportsSummary
            adherence={overallAdherence(days)}
            averageGlucose={summariseGlucose(glucose.data ?? []).average}
            bmi={bodyMetrics.data?.[0]?.bmi ?? null}
          />
          <HealthMetricCards
            glucose={glucose.data ?? []}
            bloodPressure={bloodPressure.data ?? []}
            bodyMetrics={bodyMetrics.data ?? []}
            onLog={setLogging}
          />
          <AdherenceWeek days={days} />
        </>
      )}
      {logging ? (
        <Suspense fallback={null}>
          <LogReadingDialog kind={logging} now={now} zone={zone} onClose={() => setLogging(null)} />
        </Suspense>
      ) : null}
      {doctorReport ? (
        <Suspense fallback={null}>
          <DoctorReportDialog onClose={() => setDoctorReport(false)} />
        </Suspense>
      ) : null}
    </Page>
  );
}
