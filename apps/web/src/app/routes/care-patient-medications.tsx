/**
 * /care/patients/{id}/medications: a member's read-only list of the medicines of a person they
 * care for, what the Meds tab opens while viewing them (decision 076): name, dose, form, schedule
 * and when to take, with no edit, delete or add.
 */
import { useQuery } from '@tanstack/react-query';
import { Pill } from 'lucide-react';
import { useParams } from 'wouter';
import { Card } from '../../components/ui/card';
import { useLocale } from '../../lib/i18n/language-provider';
import { getPatientQueryOptions, getPatientsQueryOptions } from '../../features/care/api/care';
import { CarePatientFrame } from '../../features/care/components/care-patient-frame';
import { scheduleLine } from '../../features/medications/components/medication-card';
import { FORM_LABELS, optionLabel, WHEN_LABELS } from '../../features/medications/utils/option-labels';

export function Component() {
  const { id = '' } = useParams<{ id: string }>();
  const { t, intlLocale } = useLocale();
  const patients = useQuery({ ...getPatientsQueryOptions(), refetchOnMount: 'always' });
  const patient = patients.data?.find((entry) => entry.patient_id === id);
  const shared = Boolean(patient?.scopes.includes('medications'));
  const medications = useQuery(getPatientQueryOptions(id, 'medications', undefined, shared));

  return (
    <CarePatientFrame id={id} loading={patients.isPending} patient={patient}>
      {(patient) => (
        <>
          <h1 className="mb-1 flex items-center gap-2 text-xl font-bold wrap-break-word">
            <Pill className="h-6 w-6 shrink-0 text-primary" aria-hidden />
            {t('care.medications.title', { name: patient.name })}
          </h1>
          <p className="mb-4 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t('care.patient.readOnly')}
          </p>
          {!shared ? (
            <Card>
              <p className="text-sm text-slate-600">{t('care.patient.notShared')}</p>
            </Card>
          ) : medications.isPending ? (
            <p>{t('common.loading')}</p>
          ) : medications.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {medications.error.message}
            </p>
          ) : !medications.data.length ? (
            <Card>
              <p className="text-sm text-slate-600">{t('care.medications.none', { name: patient.name })}</p>
            </Card>
          ) : (
            <ul className="space-y-3" aria-label={t('care.medications.title', { name: patient.name })}>
              {medications.data.map((medication) => (
                <li key={medication.id}>
                  <Card className="flex gap-3">
                    <span
                      className="w-1.5 shrink-0 rounded-full"
                      style={{ backgroundColor: medication.color }}
                      aria-hidden
                    />
                    <div className="min-w-0 flex-1">
                      <h2 className="text-base font-bold wrap-break-word">{medication.name}</h2>
                      <p className="text-sm text-slate-600">
                        {medication.dosage} • {optionLabel(t, FORM_LABELS, medication.form)}
                      </p>
                      <p className="mt-1 text-sm">{scheduleLine(t, medication.schedule, intlLocale)}</p>
                      {medication.when_to_take ? (
                        <p className="text-sm text-slate-600">{optionLabel(t, WHEN_LABELS, medication.when_to_take)}</p>
                      ) : null}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </CarePatientFrame>
  );
}
