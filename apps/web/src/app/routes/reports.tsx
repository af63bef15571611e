/**
 * Health Reports: glucose, blood pressure, body metrics and adherence for the last 7 days including
 * today in the user's zone, fetched in parallel. A failed fetch reads as empty; offline the saved
 * week shows, and a week never loaded says so.
 */
import { datesEndingOn, localDate, localTime, shiftDate } from '@diacare/contract/dates';
import { dailyAdherence } from '@diacare/contract/dose-rules';
import type { AdherenceRecord } from '@diacare/contract/medications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { LAB_TESTS, type LabTest } from '@diacare/contract/lab-rules';
import { lazyPreloaded } from '../../lib/lazy-preloaded';
import { Page, PageHeader } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { getReadingsQueryOptions, type ReadingByKind, type ReadingKind } from '../../features/health/api/health';
import { getGlucoseReportQueryOptions } from '../../features/health/api/reports';
import { AdherenceWeek } from '../../features/health/components/adherence-week';
import { GlucoseProfileCard } from '../../features/health/components/glucose-profile-card';
import { HealthMetricCards } from '../../features/health/components/metric-cards';
import { LabResultsCard, useLabResultsData } from '../../features/health/components/lab-results-card';
import { ReportsSummary } from '../../features/health/components/reports-summary';
import { overallAdherence, summariseGlucose } from '../../features/health/utils/readings';
import { getAdherenceQueryOptions, getMedicationsQueryOptions } from '../../features/medications/api/medications';
import { useUserZone } from '../../lib/auth/auth-provider';
import { fetchingFirst, isUnreachable, lastKnownData, OfflineFirstTime } from '../../lib/offline/offline-states';
import { useT } from '../../lib/i18n/language-provider';
import { useNow } from '../../lib/use-now';

// The log forms bring zod and react-hook-form: they load once the screen is idle (lazyPreloaded).
const LogReadingDialog = lazyPreloaded(() =>
  import('../../features/health/components/log-dialogs').then((module) => ({ default: module.LogReadingDialog })),
);

// The lab-result form loads once the screen is idle, like the log forms.
const LabResultDialog = lazyPreloaded(() =>
  import('../../features/health/components/lab-dialog').then((module) => ({ default: module.LabResultDialog })),
);

// The doctor report's dialog loads once the screen is idle, too.
const DoctorReportDialog = lazyPreloaded(() =>
  import('../../features/doctor-report/components/doctor-report-dialog').then((module) => ({
    default: module.DoctorReportDialog,
  })),
);

/** docs/product.md: reports cover the last 7 days including today. */
const REPORT_DAYS = 7;

/** Logs a failed fetch once per error. */
function useLogFailure(label: string, error: Error | null) {
  useEffect(() => {
    if (error) console.error(`Could not load ${label}`, error);
  }, [label, error]);
}

export function Component() {
  const t = useT();
  const zone = useUserZone();
  const now = useNow();
  const today = localDate(now, zone);
  const range = { start_date: shiftDate(today, -(REPORT_DAYS - 1)) };
  // Offline on a new day: the week as last fetched, not the first-time text.
  const queryClient = useQueryClient();
  const weekEndingOn = (day: string) => ({ start_date: shiftDate(day, -(REPORT_DAYS - 1)) });
  const readingsQuery = <K extends ReadingKind>(kind: K) => {
    const options = getReadingsQueryOptions(kind, range);
    const keyOn = (day: string) => getReadingsQueryOptions(kind, weekEndingOn(day)).queryKey;
    return { ...options, ...lastKnownData<ReadingByKind[K][]>(queryClient, keyOn, zone) };
  };
  const glucose = useQuery(readingsQuery('glucose'));
  // Imported sensor readings count in the week's average (decision 052); offline, manual readings alone.
  const glucoseReport = useQuery(getGlucoseReportQueryOptions(REPORT_DAYS));
  const sensorAverage = glucoseReport.data?.sensor_readings ? glucoseReport.data.mean : null;
  const bloodPressure = useQuery(readingsQuery('bp'));
  const bodyMetrics = useQuery(readingsQuery('weight'));
  const medications = useQuery(getMedicationsQueryOptions());
  const adherenceOn = (day: string) => getAdherenceQueryOptions({ ...weekEndingOn(day), end_date: day });
  const adherence = useQuery({
    ...adherenceOn(today),
    ...lastKnownData<AdherenceRecord[]>(queryClient, (day) => adherenceOn(day).queryKey, zone),
  });
  const labResults = useLabResultsData(today);
  const [logging, setLogging] = useState<ReadingKind | null>(null);
  const [doctorReport, setDoctorReport] = useState(false);
  // A finished lab appointment links here with ?lab=<test>&date=<its date>: the form opens at once.
  const [params, setParams] = useSearchParams();
  const askedTest = LAB_TESTS.find((test) => test === params.get('lab'));
  const [addingLab, setAddingLab] = useState<{ test?: LabTest; date?: string } | null>(() =>
    askedTest ? { test: askedTest, ...(params.get('date') ? { date: params.get('date')! } : {}) } : null,
  );
  const closeLab = () => {
    setAddingLab(null);
    if (params.has('lab')) setParams({}, { replace: true });
  };
  useLogFailure('glucose readings', glucose.error);
  useLogFailure('blood pressure readings', bloodPressure.error);
  useLogFailure('body metrics', bodyMetrics.error);

  const days = dailyAdherence(
    medications.data ?? [],
    adherence.data ?? [],
    datesEndingOn(today, REPORT_DAYS),
    today,
    localTime(now, zone),
    zone,
  );
  // The week's cards mount once every first answer is in (offline, what is saved), in a deferred
  // render built in slices, not in the urgent one an answer starts (decisions 059, 063).
  const loading = useDeferredValue(
    glucose.isPending ||
      bloodPressure.isPending ||
      bodyMetrics.isPending ||
      [glucoseReport, medications, adherence, ...Object.values(labResults)].some(fetchingFirst),
  );
  const unseen = [glucose, bloodPressure, bodyMetrics, medications, adherence].some(isUnreachable);

  return (
    <Page withNav>
      <PageHeader
        title={t('health-reports.reports.title')}
        subtitle={t('health-reports.reports.subtitle')}
        backTo="/home"
      />
      <div className="-mt-2 mb-4 flex justify-end">
        <Button variant="outline" size="sm" onClick={() => setDoctorReport(true)}>
          <FileText className="h-4 w-4" aria-hidden />
          {t('health-reports.reports.doctorReport')}
        </Button>
      </div>
      {unseen ? (
        <OfflineFirstTime />
      ) : loading ? (
        <p className="py-10 text-center text-slate-500">{t('common.loading')}</p>
      ) : (
        <>
          <ReportsSummary
            adherence={overallAdherence(days)}
            averageGlucose={sensorAverage ?? summariseGlucose(glucose.data ?? []).mean}
            bmi={bodyMetrics.data?.[0]?.bmi ?? null}
          />
          <HealthMetricCards
            glucose={glucose.data ?? []}
            bloodPressure={bloodPressure.data ?? []}
            bodyMetrics={bodyMetrics.data ?? []}
            onLog={setLogging}
            glucoseAverage={sensorAverage}
          />
          <GlucoseProfileCard to="/reports/glucose-profile" />
          <AdherenceWeek days={days} />
          <LabResultsCard data={labResults} onAdd={() => setAddingLab({})} />
        </>
      )}
      {logging ? (
        <Suspense fallback={null}>
          <LogReadingDialog kind={logging} now={now} zone={zone} onClose={() => setLogging(null)} />
        </Suspense>
      ) : null}
      {addingLab ? (
        <Suspense fallback={null}>
          <LabResultDialog now={now} zone={zone} initial={addingLab} onClose={closeLab} />
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

/** A care-circle member's read-only Reports of a patient, bundled with this route. */
export { Component as CarePatientReports } from './care-patient-reports';
