/**
 * /care/patients/{id}/reports/glucose-profile: the glucose profile of a person one cares for,
 * the same page as their own, read-only, for a member with the glucose scope (decision 084); a
 * member without it is told 'Not shared with you', anyone else gets the frame's refusal.
 */
import type { CarePatient } from '@diacare/contract/care';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { getPatientsQueryOptions } from '../../features/care/api/care';
import { CarePatientFrame } from '../../features/care/components/care-patient-frame';
import { GlucoseProfileView } from '../../features/health/components/glucose-profile-view';
import { useT } from '../../lib/i18n/language-provider';
import { Link } from '../../lib/navigation';
import { memberHistory } from '../care-member-history';

function MemberProfile({ patient }: { patient: CarePatient }) {
  const t = useT();
  const source = useMemo(() => memberHistory(patient.patient_id, patient.name, patient.scopes), [patient]);
  return (
    <>
      <p className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">{t('care.patient.viewing', { name: patient.name })}</span>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          {t('care.patient.readOnly')}
        </span>
      </p>
      <h1 className="mb-3 text-xl font-bold">{t('health-reports.profile.title')}</h1>
      {patient.scopes.includes('glucose') ? (
        <GlucoseProfileView source={source} />
      ) : (
        <Card className="space-y-3" data-testid="profile-not-shared">
          <p className="font-semibold">{t('care.patient.notShared')}</p>
          <Link to={source.reportsPath} className={buttonClasses('outline', 'sm')}>
            {t('health-reports.history.goToReports')}
          </Link>
        </Card>
      )}
    </>
  );
}

export function Component() {
  const { id = '' } = useParams<{ id: string }>();
  const patients = useQuery({ ...getPatientsQueryOptions(), refetchOnMount: 'always' });
  const patient = patients.data?.find((entry) => entry.patient_id === id);
  return (
    <CarePatientFrame id={id} loading={patients.isPending} patient={patient}>
      {(patient) => <MemberProfile patient={patient} />}
    </CarePatientFrame>
  );
}
