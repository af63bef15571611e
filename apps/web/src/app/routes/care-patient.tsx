/**
 * /care/patients/{id}: a member's read-only Home of a person they care for — today's doses and
 * the latest shared readings (glucose in the member's unit), alerts, and 'Mark taken' when
 * granted. Decisions 048, 051.
 */
import type { CarePatient } from '@diacare/contract/care';
import { formatGlucose } from '@diacare/contract/glucose-units';
import { formatShortDate, localDate, localTime } from '@diacare/contract/dates';
import { doseKey, doseStatus, dosesOn, indexByDose } from '@diacare/contract/dose-rules';
import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'wouter';
import { Card } from '../../components/ui/card';
import { useLocale } from '../../lib/i18n/language-provider';
import { useNow } from '../../lib/use-now';
import { useGlucoseUnit } from '../../lib/use-glucose-unit';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { Link } from '../../lib/navigation';
import { buttonClasses } from '../../components/ui/button';
import {
  getPatientQueryOptions,
  getPatientsQueryOptions,
  useMarkTakenForPatient,
  useUnmarkTakenForPatient,
} from '../../features/care/api/care';
import { accessBadge } from '../../features/care/components/care-labels';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CarePatientFrame } from '../../features/care/components/care-patient-frame';
import { CareAlertsPanel } from '../../features/care/components/care-alerts-panel';

const STATUS_CLASSES = {
  taken: 'bg-green-100 text-green-800',
  overdue: 'bg-red-100 text-red-800',
  pending: 'bg-slate-100 text-slate-700',
} as const;

function TodaysDoses({ patient, now }: { patient: CarePatient; now: Date }) {
  const { t } = useLocale();
  const shared = patient.scopes.includes('medications');
  const today = localDate(now, patient.timezone);
  const medications = useQuery(getPatientQueryOptions(patient.patient_id, 'medications', undefined, shared));
  const adherence = useQuery(
    getPatientQueryOptions(patient.patient_id, 'adherence', { start_date: today, end_date: today }, shared),
  );
  const label = { taken: t('care.patient.taken'), overdue: t('care.patient.overdue'), pending: t('care.patient.due') };
  const mark = useMarkTakenForPatient(patient.patient_id);
  const unmark = useUnmarkTakenForPatient(patient.patient_id);
  const canMark = patient.can_mark_taken;
  // A dose is marked for someone else: asked first, and undoable from the toast after.
  const [confirming, setConfirming] = useState<{ medicine: string; id: string; time: string } | null>(null);
  const failed = (error: unknown) =>
    toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
  const undo = async (recordId: string, values: { medicine: string; time: string }) => {
    try {
      await unmark.mutateAsync(recordId);
      toast({ title: t('care.patient.undone', values) });
    } catch (error) {
      failed(error);
    }
  };
  const markTaken = async ({ id, medicine, time }: { medicine: string; id: string; time: string }) => {
    setConfirming(null);
    try {
      const record = await mark.mutateAsync({
        medication_id: id,
        date: today,
        scheduled_time: time,
        taken_time: localTime(new Date(), patient.timezone),
      });
      toast({
        title: t('care.patient.markedToast', { medicine, time }),
        action: { label: t('care.patient.undo'), onClick: () => void undo(record.id, { medicine, time }) },
      });
    } catch (error) {
      failed(error);
    }
  };
  if (!shared) return <p className="text-sm text-slate-500">{t('care.patient.notShared')}</p>;
  const records = indexByDose(adherence.data ?? []);
  // The patient's zone and the one expected-dose rule, as on the patient's own Home (decision 077).
  const doses = dosesOn(medications.data ?? [], today, patient.timezone, records);
  if (medications.isPending) return <p className="text-sm">{t('common.loading')}</p>;
  if (!doses.length) return <p className="text-sm text-slate-500">{t('care.patient.noDoses')}</p>;
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {doses.map(({ medication, scheduled_time }) => {
          const record = records.get(doseKey(medication.id, today, scheduled_time));
          const status = doseStatus(record, scheduled_time, localTime(now, patient.timezone));
          return (
            <li key={`${medication.id}-${scheduled_time}`} className="flex flex-wrap items-center gap-2 py-2">
              <span className="w-12 font-mono text-sm">{scheduled_time}</span>
              {/* At least 9rem: a medicine's name never breaks inside a word beside Mark taken (at
                  360 px the button wraps below instead); only a name longer than a line breaks. */}
              <span className="min-w-36 flex-1 wrap-break-word">
                {medication.name} <span className="text-sm text-slate-500">{medication.dosage}</span>
                {status === 'taken' && record?.recorded_by_name ? (
                  <span className="block text-xs text-slate-500">
                    {t('care.patient.markedBy', { name: record.recorded_by_name })}
                  </span>
                ) : null}
              </span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASSES[status]}`}>
                {label[status]}
              </span>
              {canMark && status !== 'taken' ? (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={mark.isPending || unmark.isPending}
                  aria-label={t('care.patient.markTakenLabel', { medicine: medication.name, time: scheduled_time })}
                  onClick={() => setConfirming({ medicine: medication.name, id: medication.id, time: scheduled_time })}
                >
                  {t('care.patient.markTaken')}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={t('care.patient.markConfirmTitle', {
          medicine: confirming?.medicine ?? '',
          time: confirming?.time ?? '',
        })}
        description={t('care.patient.markConfirmText', { name: patient.name })}
        confirmLabel={t('care.patient.markTaken')}
        tone="primary"
        onConfirm={() => confirming && void markTaken(confirming)}
      />
    </>
  );
}

function LatestReadings({ patient }: { patient: CarePatient }) {
  const { t, intlLocale } = useLocale();
  const has = (scope: string) => patient.scopes.includes(scope as CarePatient['scopes'][number]);
  const glucose = useQuery(getPatientQueryOptions(patient.patient_id, 'glucose', { limit: 1 }, has('glucose')));
  const bp = useQuery(getPatientQueryOptions(patient.patient_id, 'bp', { limit: 1 }, has('bp')));
  const metrics = useQuery(getPatientQueryOptions(patient.patient_id, 'metrics', { limit: 1 }, has('weight')));
  const number = new Intl.NumberFormat(intlLocale);
  const unit = useGlucoseUnit();
  const rows = [
    {
      label: t('care.patient.glucose'),
      shared: has('glucose'),
      value: glucose.data?.[0] && formatGlucose(glucose.data[0].value, unit),
      when: glucose.data?.[0] && `${formatShortDate(glucose.data[0].date, intlLocale)}, ${glucose.data[0].time}`,
    },
    {
      label: t('care.patient.bp'),
      shared: has('bp'),
      value: bp.data?.[0] && `${bp.data[0].systolic}/${bp.data[0].diastolic} mmHg`,
      when: bp.data?.[0] && `${formatShortDate(bp.data[0].date, intlLocale)}, ${bp.data[0].time}`,
    },
    {
      label: t('care.patient.weight'),
      shared: has('weight'),
      value: metrics.data?.[0] && `${number.format(metrics.data[0].weight)} kg`,
      when: metrics.data?.[0] && formatShortDate(metrics.data[0].date, intlLocale),
    },
  ];
  return (
    <dl className="divide-y divide-slate-100">
      {rows.map((row) => (
        <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-2 py-2">
          <dt className="font-medium">{row.label}</dt>
          <dd className="text-end">
            {!row.shared ? (
              <span className="text-sm text-slate-500">{t('care.patient.notShared')}</span>
            ) : row.value ? (
              <>
                <span className="font-semibold">{row.value}</span>
                <span className="block text-xs text-slate-500">{row.when}</span>
              </>
            ) : (
              <span className="text-sm text-slate-500">{t('care.patient.none')}</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Component() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useLocale();
  const now = useNow();
  const patients = useQuery({ ...getPatientsQueryOptions(), refetchOnMount: 'always' });
  const patient = patients.data?.find((entry) => entry.patient_id === id);

  return (
    <CarePatientFrame id={id} loading={patients.isPending} patient={patient}>
      {(patient) => (
        <>
          <h1 className="mb-1 flex items-center gap-2 text-xl font-bold">
            <Eye className="h-6 w-6 text-primary" aria-hidden />
            {t('care.patient.viewing', { name: patient.name })}
          </h1>
          <p className="mb-4 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {t(accessBadge(patient))}
          </p>
          <CareAlertsPanel patientId={patient.patient_id} timezone={patient.timezone} />
          <section aria-labelledby="care-today" className="mb-4">
            <Card>
              <h2 id="care-today" className="mb-2 text-base font-bold">
                {t('care.patient.today')}
              </h2>
              <TodaysDoses patient={patient} now={now} />
            </Card>
          </section>
          <section aria-labelledby="care-latest" className="mb-4">
            <Card>
              <h2 id="care-latest" className="mb-2 text-base font-bold">
                {t('care.patient.latest')}
              </h2>
              <LatestReadings patient={patient} />
            </Card>
          </section>
          <Link to={`/care/patients/${patient.patient_id}/reports`} className={`${buttonClasses('outline')} w-full`}>
            {t('care.patient.reports')}
          </Link>
        </>
      )}
    </CarePatientFrame>
  );
}
