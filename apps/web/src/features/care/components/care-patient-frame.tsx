/**
 * The frame of a member's read-only pages of a person they care for: the switcher, then a
 * loading line, the refusal (not, or no longer, in that person's circle) or the page itself.
 */
import type { CarePatient } from '@diacare/contract/care';
import type { ReactNode } from 'react';
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
    <Page withNav>
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
