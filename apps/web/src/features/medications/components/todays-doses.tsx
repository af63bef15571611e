/**
 * Home's 'Medications': today's doses in the user's zone with progress, Take per dose (undoable)
 * and 'Log dose' for as-needed medicines. Offline the doses come from saved medicines and records;
 * medicines never loaded are unknown, never 'No medications scheduled'.
 */
import { localDate, localTime } from '@diacare/contract/dates';
import { doseKey, doseStatus, dosesOn, indexByDose, progressPercent } from '@diacare/contract/dose-rules';
import type { AdherenceRecord, Medication } from '@diacare/contract/medications';
import { Check, Pill, Undo2 } from 'lucide-react';
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from '../../../lib/navigation';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PendingMark } from '../../../components/ui/pending-mark';
import { toast } from '../../../components/ui/toast';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { t } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { useDeferredQuery } from '../../../lib/use-deferred-query';
import { usePendingMarks } from '../../../lib/offline/use-outbox';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { cn } from '../../../lib/utils';
import { optionLabel, WHEN_LABELS } from '../utils/option-labels';
import { getAdherenceQueryOptions, getMedicationsQueryOptions, useRecordDose, useUndoDose } from '../api/medications';
import { useRecordInsulin } from '../../../lib/insulin-doses';
import { retryableLazy } from '../../../lib/retryable-lazy';

// The units dialog of an insulin's Take loads when such a Take is first pressed.
const InsulinTakeDialog = retryableLazy(() =>
  import('./insulin-take-dialog').then((module) => ({ default: module.InsulinTakeDialog })),
);
type InsulinMedication = Medication & { insulin_type: NonNullable<Medication['insulin_type']> };

/** Today's doses in the user's zone, their records, and the Take action (shared by the progress bar and the list). */
function useTodaysDoses(now: Date) {
  const zone = useUserZone();
  const today = localDate(now, zone);
  const nowTime = localTime(now, zone);
  const medications = useDeferredQuery(getMedicationsQueryOptions());
  const adherence = useDeferredQuery(getAdherenceQueryOptions({ start_date: today, end_date: today }));
  const recordDose = useRecordDose();
  const undoDose = useUndoDose();

  const records = indexByDose(adherence.data ?? []);
  // Doses from before a medicine was added are not due (decision 077), unless recorded.
  const doses = dosesOn(medications.data ?? [], today, zone, records);
  const asNeeded = (medications.data ?? []).filter(
    (m) => m.schedule.frequency === 'as-needed' && m.schedule.start_date <= today,
  );
  const taken = doses.filter(
    (d) => records.get(doseKey(d.medication.id, today, d.scheduled_time))?.status === 'taken',
  ).length;
  const percent = progressPercent(taken, doses.length);

  /** Puts a taken dose back to pending; toasts the outcome. */
  const undo = async (medication: Medication, recordId: string, scheduledTime: string) => {
    try {
      await undoDose.mutateAsync({ recordId, name: medication.name, time: scheduledTime });
      toast({
        title: t('medications.toast.undone'),
        description: t('medications.toast.undoneText', { name: medication.name }),
      });
    } catch {
      toast({ title: t('common.error'), description: t('medications.toast.recordFailed'), variant: 'destructive' });
    }
  };

  const take = async (medication: Medication, scheduledTime: string) => {
    try {
      const record = await recordDose.mutateAsync({
        name: medication.name,
        input: {
          medication_id: medication.id,
          scheduled_time: scheduledTime,
          taken_time: localTime(new Date(), zone),
          date: today,
          status: 'taken',
        },
      });
      toast({
        title: t('common.success'),
        description: t('medications.toast.taken', { name: medication.name }),
        action: { label: t('medications.undo'), onClick: () => void undo(medication, record.id, scheduledTime) },
      });
    } catch {
      toast({ title: t('common.error'), description: t('medications.toast.recordFailed'), variant: 'destructive' });
    }
  };

  const loggedToday = (medicationId: string) =>
    (adherence.data ?? []).filter((r) => r.medication_id === medicationId && r.date === today && r.status === 'taken');

  const busy = recordDose.isPending || undoDose.isPending;
  const pending = usePendingMarks();
  /** Whether a write of this dose waits to sync. */
  const waiting = (medicationId: string, time: string, record: AdherenceRecord | undefined) =>
    pending.has(doseKey(medicationId, today, time)) || (record ? pending.has(record.id) : false);
  return {
    medications,
    doses,
    records,
    asNeeded,
    taken,
    percent,
    today,
    nowTime,
    zone,
    take,
    undo,
    loggedToday,
    busy,
    waiting,
  };
}

/**
 * A dose row beside its colour bar: the texts, then the buttons at the end of the line; when
 * large text leaves the texts under 9rem, the buttons move below them (WCAG 1.4.10).
 */
function DoseRowBody({ children }: { children: ReactNode }) {
  return <div className="flex min-w-0 flex-1 flex-wrap items-center justify-end gap-3">{children}</div>;
}

/** Name and dosage of a dose row. */
function MedicationTitle({ medication }: { medication: Medication }) {
  return (
    <p className="font-semibold wrap-break-word">
      {medication.name} <span className="font-normal text-slate-600">{medication.dosage}</span>
    </p>
  );
}

/** Home's progress bar: 'taken/total' of today's doses; 0/0 shows no NaN. */
export function MedicationProgress({ now }: { now: Date }) {
  const { medications, doses, taken, percent } = useTodaysDoses(now);
  const known = medications.data !== undefined;
  const t = useT();
  return (
    <Card className="mb-6">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4 text-sm">
        <span className="font-medium text-slate-700">{t('home.progress')}</span>
        <span className="font-bold" data-testid="dose-progress">
          {known ? `${taken}/${doses.length}` : '–'}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('home.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </Card>
  );
}

export function TodaysDoses({ now }: { now: Date }) {
  const { medications, doses, records, asNeeded, today, nowTime, zone, take, undo, loggedToday, busy, waiting } =
    useTodaysDoses(now);
  const t = useT();
  const recordInsulin = useRecordInsulin();
  const [insulinTake, setInsulinTake] = useState<{ medication: InsulinMedication; time: string } | null>(null);
  /** A Take: an insulin's asks for the units first, any other records the dose at once. */
  const press = (medication: Medication, time: string) =>
    medication.insulin_type
      ? setInsulinTake({ medication: medication as InsulinMedication, time })
      : void take(medication, time);
  const takeInsulin = async (medication: InsulinMedication, time: string, units: number) => {
    try {
      await recordInsulin.mutateAsync({
        units,
        insulin_type: medication.insulin_type,
        medication_id: medication.id,
        date: today,
        time: localTime(new Date(), zone),
      });
    } catch (error) {
      toast({ title: t('common.error'), description: t('medications.toast.recordFailed'), variant: 'destructive' });
      throw error;
    }
    await take(medication, time);
  };
  return (
    <section aria-labelledby="medications-heading" className="mb-6">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-x-4">
        <h2 id="medications-heading" className="text-lg font-bold">
          {t('home.medications')}
        </h2>
        <Link to="/medications" className="text-sm font-semibold text-primary">
          {t('home.manage')}
        </Link>
      </div>

      {isUnreachable(medications) ? (
        <OfflineFirstTime />
      ) : medications.data === undefined && medications.isError ? (
        <p role="alert" className="py-6 text-center text-red-600">
          {t('medications.list.loadFailed')}
        </p>
      ) : medications.isPending ? (
        <p className="py-6 text-center text-slate-500">{t('medications.loading')}</p>
      ) : doses.length === 0 && asNeeded.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-8 text-center">
          <Pill className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="text-slate-600">{t('home.noDoses')}</p>
          <Link to="/medications/add" className={buttonClasses('primary', 'sm')}>
            {t('medications.addMedication')}
          </Link>
        </Card>
      ) : (
        <ul className="space-y-2" aria-label={t('home.todaysDoses')}>
          {doses.map(({ medication, scheduled_time }) => {
            const record = records.get(doseKey(medication.id, today, scheduled_time));
            const status = doseStatus(record, scheduled_time, nowTime);
            return (
              <li
                key={`${medication.id}-${scheduled_time}`}
                className={cn(
                  'flex items-center gap-3 rounded-2xl border p-3',
                  status === 'taken' && 'border-green-200 bg-green-50',
                  status === 'overdue' && 'border-red-200 bg-red-50',
                  status === 'pending' && 'border-slate-200 bg-white',
                )}
              >
                <span
                  className="h-10 w-1.5 shrink-0 rounded-full"
                  style={{ backgroundColor: medication.color }}
                  aria-hidden
                />
                <DoseRowBody>
                  <div className="min-w-0 flex-[1_1_9rem]">
                    <MedicationTitle medication={medication} />
                    <p className={cn('text-sm', status === 'overdue' ? 'font-medium text-red-700' : 'text-slate-600')}>
                      {scheduled_time}
                      {status === 'overdue' ? ` · ${t('home.overdue')}` : ''}
                      {medication.when_to_take ? ` · ${optionLabel(t, WHEN_LABELS, medication.when_to_take)}` : ''}
                    </p>
                    {medication.instructions ? (
                      <p className="text-xs text-slate-600 wrap-break-word">{medication.instructions}</p>
                    ) : null}
                    {status === 'taken' && record?.recorded_by_name ? (
                      <p className="text-xs text-green-800 wrap-anywhere">
                        {t('home.markedBy', { name: record.recorded_by_name })}
                      </p>
                    ) : null}
                    {waiting(medication.id, scheduled_time, record) ? <PendingMark className="mt-1" /> : null}
                  </div>
                  {status === 'taken' && record ? (
                    <div className="flex shrink-0 items-center gap-2">
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={busy}
                        onClick={() => void undo(medication, record.id, scheduled_time)}
                        aria-label={t('home.undoLabel', { name: medication.name, time: scheduled_time })}
                        className="px-2 text-green-800 hover:bg-green-100"
                      >
                        <Undo2 className="h-4 w-4" aria-hidden />
                        {t('medications.undo')}
                      </Button>
                      <span
                        className="flex h-10 w-10 items-center justify-center rounded-full bg-green-600 text-white"
                        role="img"
                        aria-label={t('home.takenLabel', { name: medication.name, time: scheduled_time })}
                      >
                        <Check className="h-5 w-5" aria-hidden />
                      </span>
                    </div>
                  ) : (
                    <Button
                      size="sm"
                      variant={status === 'overdue' ? 'destructive' : 'primary'}
                      disabled={busy}
                      onClick={() => press(medication, scheduled_time)}
                      aria-label={t('home.takeLabel', { name: medication.name, time: scheduled_time })}
                    >
                      {t('home.take')}
                    </Button>
                  )}
                </DoseRowBody>
              </li>
            );
          })}
          {asNeeded.map((medication) => {
            const logged = loggedToday(medication.id);
            return (
              <li
                key={medication.id}
                className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3"
              >
                <span
                  className="h-10 w-1.5 shrink-0 rounded-full"
                  style={{ backgroundColor: medication.color }}
                  aria-hidden
                />
                <DoseRowBody>
                  <div className="min-w-0 flex-[1_1_9rem]">
                    <MedicationTitle medication={medication} />
                    <p className="text-sm text-slate-600">
                      {t('medications.frequency.asNeeded')}
                      {logged.length
                        ? ` · ${t('home.loggedToday', { count: logged.length, time: logged[0]!.taken_time ?? logged[0]!.scheduled_time })}`
                        : ''}
                    </p>
                    {logged.some((r) => waiting(medication.id, r.scheduled_time, r)) ? (
                      <PendingMark className="mt-1" />
                    ) : null}
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => press(medication, localTime(new Date(), zone))}
                    aria-label={t('home.logDoseLabel', { name: medication.name })}
                  >
                    {t('home.logDose')}
                  </Button>
                </DoseRowBody>
              </li>
            );
          })}
        </ul>
      )}
      {insulinTake ? (
        <Suspense fallback={null}>
          <InsulinTakeDialog
            medication={insulinTake.medication}
            scheduledTime={insulinTake.time}
            today={today}
            onTake={(units) => takeInsulin(insulinTake.medication, insulinTake.time, units)}
            onClose={() => setInsulinTake(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
