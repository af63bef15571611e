/**
 * 'Me' and each person the signed-in user cares for, on Home and on a patient's read-only
 * Home, each with the count of their open alerts (decision 075). The care texts load only when
 * there is someone to show; Home loads this module only then too (page weight).
 */
import type { CarePatient } from '@diacare/contract/care';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { Link } from '../../../lib/navigation';
import { useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import { countByPatient, openAlertsQuery } from '../api/open-alerts';
import { getPatientsQueryOptions } from '../api/patients';

/** More people than this and the row shows only 'Me', 'Patients' and the person shown (decision 086). */
const MAX_SWITCHER_PEOPLE = 4;

/** `current`: the patient shown, or undefined on the user's own Home. */
export function CareSwitcher({ current }: { current?: string }) {
  const patients = useQuery(getPatientsQueryOptions());
  if (!patients.data?.length && !current) return null;
  return <CareSwitcherRow current={current} patients={patients.data ?? []} />;
}

/** The row of links for `patients`, once the care texts are loaded. */
export function CareSwitcherRow({ current, patients }: { current?: string; patients: readonly CarePatient[] }) {
  const t = useT();
  const openAlerts = useQuery(openAlertsQuery(patients.length > 0));
  const counts = countByPatient(openAlerts.data);
  const [textsLoaded, setTextsLoaded] = useState(false);
  useEffect(() => {
    loadCatalogs(['care']).then(
      () => setTextsLoaded(true),
      () => undefined,
    );
  }, []);
  if (!textsLoaded) return null;
  // Someone who follows many (a doctor) finds them on the Patients screen; the row keeps the one shown.
  const shown = patients.length > MAX_SWITCHER_PEOPLE ? patients.filter((p) => p.patient_id === current) : patients;
  const chip = (active: boolean) =>
    cn(
      'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium',
      active ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
    );
  return (
    <nav aria-label={t('care.switcher.label')} className="mb-3 flex flex-wrap gap-2">
      <Link to="/home" className={chip(!current)} aria-current={!current ? 'page' : undefined}>
        {t('care.switcher.me')}
      </Link>
      {patients.length > 1 ? (
        <Link to="/care/patients" className={chip(false)}>
          {t('care.patients.open')}
        </Link>
      ) : null}
      {shown.map((patient) => {
        const count = counts.get(patient.patient_id) ?? 0;
        return (
          <Link
            key={patient.patient_id}
            to={`/care/patients/${patient.patient_id}`}
            className={chip(current === patient.patient_id)}
            aria-current={current === patient.patient_id ? 'page' : undefined}
          >
            {patient.name}
            {count > 0 ? (
              <>
                <span
                  aria-hidden
                  className="ms-2 inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white ring-2 ring-white"
                >
                  {count}
                </span>
                <span className="sr-only">({t('care.switcher.openAlerts', { count })})</span>
              </>
            ) : null}
          </Link>
        );
      })}
    </nav>
  );
}
