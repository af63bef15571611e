/**
 * The frame of a member's read-only pages of a person they care for: the switcher, then a
 * loading line, the refusal (not, or no longer, in that person's circle) or the page itself,
 * above that person's bottom navigation.
 */
import type { CarePatient } from '@diacare/contract/care';
import type { ReactNode } from 'react';
import { patientTabs } from '../../../components/layout/bottom-nav';
import { Page } from '../../../components/layout/page';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useT } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';
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
