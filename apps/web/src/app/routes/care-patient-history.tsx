/**
 * /care/patients/{id}/reports/history/{kind}: a member's read-only History of a person they care
 * for (decision 077) — glucose, blood pressure, weight, HbA1c or insulin, with the
 * patient's own History screens fed from the member routes, in the patient's zone. A kind
 * outside the member's scopes says 'Not shared with you'; anyone not (or no longer) in the
 * circle gets the frame's refusal, as the server's 404.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'wouter';
import type { CarePatient } from '@diacare/contract/care';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { getPatientsQueryOptions } from '../../features/care/api/care';
import { HISTORY_SCOPES, memberHistory, memberMealsQuery, type HistoryKind } from '../care-member-history';
import { memberMealExtras } from '../history-meals';
import { CarePatientFrame } from '../../features/care/components/care-patient-frame';
import { Hba1cHistory } from '../../features/health/components/hba1c-history';
import { HistoryView } from '../../features/health/components/history-view';
import { InsulinHistory } from '../../features/health/components/insulin-history';
import { useT } from '../../lib/i18n/language-provider';
import { Link } from '../../lib/navigation';
import { useNow } from '../../lib/use-now';

const isHistoryKind = (type: string): type is HistoryKind => Object.hasOwn(HISTORY_SCOPES, type);

function MemberHistory({ patient, type }: { patient: CarePatient; type: string }) {
  const t = useT();
  const now = useNow();
  const source = useMemo(() => memberHistory(patient.patient_id, patient.name, patient.scopes), [patient]);
  // The patient's meals on the glucose chart and under it, read-only, with the meals scope.
  const sharesMeals = patient.scopes.includes('meals');
  const mealExtras = useMemo(
    () => (sharesMeals ? memberMealExtras(memberMealsQuery(patient.patient_id)) : undefined),
    [sharesMeals, patient.patient_id],
  );
  const zone = patient.timezone;
  const header = (
    <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-semibold">{t('care.patient.viewing', { name: patient.name })}</span>
      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        {t('care.patient.readOnly')}
      </span>
    </p>
  );
  const back = (
    <Link to={source.reportsPath} className={buttonClasses('outline', 'sm')}>
      {t('health-reports.history.goToReports')}
    </Link>
  );
  if (!isHistoryKind(type)) {
    return (
      <>
        {header}
        <Card className="space-y-3">
          <h1 className="text-lg font-bold">{t('health-reports.history.title')}</h1>
          <p className="text-slate-600">{t('health-reports.history.noKind')}</p>
          {back}
        </Card>
      </>
    );
  }
  if (!patient.scopes.includes(HISTORY_SCOPES[type])) {
    return (
      <>
        {header}
        <Card className="space-y-3" data-testid="history-not-shared">
          <h1 className="text-lg font-bold">{t('health-reports.history.title')}</h1>
          <p className="font-semibold">{t('care.patient.notShared')}</p>
          {back}
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      {type === 'hba1c' ? (
        <Hba1cHistory now={now} zone={zone} source={source} />
      ) : type === 'insulin' ? (
        <InsulinHistory now={now} zone={zone} source={source} />
      ) : (
        <HistoryView key={type} kind={type} now={now} zone={zone} source={source} useExtras={mealExtras} />
      )}
    </>
  );
}

export function Component() {
  const { id = '', type = '' } = useParams<{ id: string; type: string }>();
  const patients = useQuery({ ...getPatientsQueryOptions(), refetchOnMount: 'always' });
  const patient = patients.data?.find((entry) => entry.patient_id === id);
  return (
    <CarePatientFrame id={id} loading={patients.isPending} patient={patient}>
      {(patient) => <MemberHistory patient={patient} type={type} />}
    </CarePatientFrame>
  );
}
