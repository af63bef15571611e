/**
 * /care/patients/{id}/reports: a member's read-only Reports of a person they
 * care for — the week's summary, metric cards and adherence, from the kinds shared with them,
 * with the same components as the patient's own Reports but no Log or doctor report; each shared
 * card opens its read-only history, one not shared says so (decision 077); with the meals
 * scope, the patient's 'Meals and sugar' card.
 */
import { datesEndingOn, localDate, localTime, shiftDate, zoneOrDefault } from '@diacare/contract/dates';
import { dailyAdherence } from '@diacare/contract/dose-rules';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useParams } from 'wouter';
import { memberMealsReportQuery } from '../care-member-history';
import { loadCatalogs } from '../../lib/i18n/i18n';
import { retryableLazy } from '../../lib/retryable-lazy';
import { AdherenceWeek } from '../../features/health/components/adherence-week';
import { GlucoseProfileCard } from '../../features/health/components/glucose-profile-card';
import { HealthMetricCards } from '../../features/health/components/metric-cards';
import { ReportsSummary } from '../../features/health/components/reports-summary';
import { overallAdherence, summariseGlucose } from '../../features/health/utils/readings';
import { getPatientQueryOptions, getPatientsQueryOptions } from '../../features/care/api/care';
import { CarePatientFrame } from '../../features/care/components/care-patient-frame';
import { accessBadge } from '../../features/care/components/care-labels';
import { useLocale } from '../../lib/i18n/language-provider';
import { useNow } from '../../lib/use-now';

const REPORT_DAYS = 7;

// The 'Meals and sugar' card (meals scope) loads after the page's text, with its texts.
const MealsReportCard = retryableLazy(() =>
  Promise.all([import('../../features/meals/components/meals-report-card'), loadCatalogs(['meals'])]).then(
    ([module]) => module,
  ),
);

export function Component() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useLocale();
  const now = useNow();
  const patients = useQuery({ ...getPatientsQueryOptions(), refetchOnMount: 'always' });
  const patient = patients.data?.find((entry) => entry.patient_id === id);
  const zone = zoneOrDefault(patient?.timezone);
  const today = localDate(now, zone);
  const range = { start_date: shiftDate(today, -(REPORT_DAYS - 1)) };
  const has = (scope: string) => Boolean(patient?.scopes.includes(scope as never));
  const glucose = useQuery(getPatientQueryOptions(id, 'glucose', range, has('glucose')));
  const bloodPressure = useQuery(getPatientQueryOptions(id, 'bp', range, has('bp')));
  const bodyMetrics = useQuery(getPatientQueryOptions(id, 'metrics', range, has('weight')));
  const medications = useQuery(getPatientQueryOptions(id, 'medications', undefined, has('medications')));
  const adherence = useQuery(
    getPatientQueryOptions(id, 'adherence', { ...range, end_date: today }, has('medications')),
  );
  const days = dailyAdherence(
    medications.data ?? [],
    adherence.data ?? [],
    datesEndingOn(today, REPORT_DAYS),
    today,
    localTime(now, zone),
    zone,
  );
  const notShared = (['glucose', 'bp', 'weight', 'medications'] as const).filter((scope) => !has(scope));

  return (
    <CarePatientFrame id={id} loading={patients.isPending} patient={patient}>
      {(patient) => (
        <>
          <h1 className="mb-1 text-xl font-bold">{t('care.patient.viewing', { name: patient.name })}</h1>
          <p className="mb-4 flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t(accessBadge(patient))}
            </span>
            <span className="text-sm font-semibold">{t('health-reports.reports.title')}</span>
          </p>
          {notShared.length ? (
            <p className="mb-3 text-sm text-slate-600">
              {t('care.patient.notShared')}: {notShared.map((scope) => t(`care.scope.${scope}`)).join(', ')}
            </p>
          ) : null}
          <ReportsSummary
            adherence={has('medications') ? overallAdherence(days) : null}
            averageGlucose={summariseGlucose(glucose.data ?? []).mean}
            bmi={bodyMetrics.data?.[0]?.bmi ?? null}
          />
          <HealthMetricCards
            glucose={glucose.data ?? []}
            bloodPressure={bloodPressure.data ?? []}
            bodyMetrics={bodyMetrics.data ?? []}
            historyBase={`/care/patients/${patient.patient_id}/reports/history`}
            notShared={(['glucose', 'bp', 'weight'] as const).filter((kind) => !has(kind))}
          />
          {has('glucose') ? (
            <GlucoseProfileCard to={`/care/patients/${patient.patient_id}/reports/glucose-profile`} />
          ) : null}
          {has('medications') ? <AdherenceWeek days={days} /> : null}
          {has('meals') ? (
            <Suspense fallback={null}>
              <MealsReportCard reportQuery={memberMealsReportQuery(patient.patient_id)} />
            </Suspense>
          ) : null}
        </>
      )}
    </CarePatientFrame>
  );
}
