/**
 * The frame of a member's read-only pages of a person they care for: the switcher, then a
 * loading line, the refusal (not, or no longer, in that person's circle) or the page itself,
 * above that person's bottom navigation. The list of people the member cares for is asked again
 * while the page is shown, so a page left open turns into the refusal within one interval of a
 * removal (decision 075).
 */
import type { CarePatient } from '@diacare/contract/care';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { patientTabs } from '../../../components/layout/bottom-nav';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';
import { alertKeys } from '../api/alerts';
import { CARE_REFRESH_MS, getPatientsQueryOptions } from '../api/patients';
import { CareSwitcher } from './care-switcher';

/** `id`: the patient in the route; `patient`: them among the user's patients, once known. */
export function CarePatientFrame({
  id,
  loading,
  patient,
  children,
}: {
  id: string;
  loading: boolean;
  patient: CarePatient | undefined;
  children: (patient: CarePatient) => ReactNode;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  useQuery({ ...getPatientsQueryOptions(), refetchInterval: CARE_REFRESH_MS });
  const refused = !loading && !patient;
  useEffect(() => {
    // What this member read of the person is no longer theirs to keep on this device.
    if (refused) {
      queryClient.removeQueries({ queryKey: ['care', 'patient', id] });
      queryClient.removeQueries({ queryKey: alertKeys.patient(id) });
    }
  }, [refused, id, queryClient]);
  return (
    // The bottom navigation stays on this person: their Home, medicines and reports (decision 076).
    <Page withNav tabs={{ label: t('care.nav.label', { name: patient?.name ?? '' }), tabs: patientTabs(id) }}>
      <CareSwitcher current={id} />
      {loading ? (
        <p>{t('common.loading')}</p>
      ) : !patient ? (
        <Card role="alert" className="space-y-3">
          <p className="font-semibold">{t('care.patient.refused')}</p>
          <Link to="/home" className={buttonClasses('outline')}>
            {t('care.patient.back')}
          </Link>
        </Card>
      ) : (
        children(patient)
      )}
    </Page>
  );
}
