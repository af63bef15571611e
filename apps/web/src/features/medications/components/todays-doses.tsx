/**
 * Home's 'Medications' section (spec §2 Home, §4 Dose status, §8 Mark taken): today's
 * scheduled doses in the user's zone with a taken/total progress bar, a Take button per
 * dose (red when overdue, a green check once taken), and 'Log dose' for as-needed medicines.
 * A mistaken Take can be undone (issue 15): 'Undo' on the success toast, and an 'Undo'
 * button beside the green check of a taken dose.
 */
import { localDate, localTime } from '@diacare/contract/dates';
import { doseKey, doseStatus, dosesOn, indexByDose, progressPercent } from '@diacare/contract/dose-rules';
import type { Medication } from '@diacare/contract/medications';
import { useQuery } from '@tanstack/react-query';
import { Check, Pill, Undo2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { cn } from '../../../lib/utils';
import { getAdherenceQueryOptions, getMedicationsQueryOptions, useRecordDose, useUndoDose } from '../api/medications';

/** Today's doses in the user's zone, their records, and the Take action (shared by the progress bar and the list). */
function useTodaysDoses(now: Date) {
  const zone = useUserZone();
  const today = localDate(now, zone);
  const nowTime = localTime(now, zone);
  const medications = useQuery(getMedicationsQueryOptions());
  const adherence = useQuery(getAdherenceQueryOptions({ start_date: today, end_date: today }));
  const recordDose = useRecordDose();
  const undoDose = useUndoDose();

  const doses = dosesOn(medications.data ?? [], today);
  const records = indexByDose(adherence.data ?? []);
  const asNeeded = (medications.data ?? []).filter(
    (m) => m.schedule.frequency === 'as-needed' && m.schedule.start_date <= today,
  );
  const taken = doses.filter(
    (d) => records.get(doseKey(d.medication.id, today, d.scheduled_time))?.status === 'taken',
  ).length;
  const percent = progressPercent(taken, doses.length);

  /** Puts a taken dose back to pending; toasts the outcome. */
  const undo = async (medication: Medication, recordId: string) => {
    try {
      await undoDose.mutateAsync(recordId);
      toast({ title: 'Undone', description: `${medication.name} is no longer marked as taken` });
    } catch {
      toast({ title: 'Error', description: 'Failed to record. Please try again.', variant: 'destructive' });
    }
  };

  const take = async (medication: Medication, scheduledTime: string) => {
    try {
      const record = await recordDose.mutateAsync({
        medication_id: medication.id,
        scheduled_time: scheduledTime,
        taken_time: localTime(new Date(), zone),
        date: today,
        status: 'taken',
      });
      toast({
        title: 'Success!',
        description: `Marked ${medication.name} as taken`,
        action: { label: 'Undo', onClick: () => void undo(medication, record.id) },
      });
    } catch {
      toast({ title: 'Error', description: 'Failed to record. Please try again.', variant: 'destructive' });
    }
  };

  const loggedToday = (medicationId: string) =>
    (adherence.data ?? []).filter((r) => r.medication_id === medicationId && r.date === today && r.status === 'taken');

  const busy = recordDose.isPending || undoDose.isPending;
  return { medications, doses, records, asNeeded, taken, percent, today, nowTime, zone, take, undo, loggedToday, busy };
}

/** Name and dosage of a dose row. */
function MedicationTitle({ medication }: { medication: Medication }) {
  return (
    <p className="truncate font-semibold">
      {medication.name} <span className="font-normal text-slate-600">{medication.dosage}</span>
    </p>
  );
}

/** Home's progress bar (spec §2 Home, §9): 'taken/total' of today's doses; 0/0 shows no NaN. */
export function MedicationProgress({ now }: { now: Date }) {
  const { doses, taken, percent } = useTodaysDoses(now);
  return (
    <Card className="mb-6">
      <div className="mb-2 flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">Today's medication progress</span>
        <span className="font-bold" data-testid="dose-progress">
          {taken}/{doses.length}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Doses taken today"
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
  const { medications, doses, records, asNeeded, today, nowTime, zone, take, undo, loggedToday, busy } =
    useTodaysDoses(now);
  return (
    <section aria-labelledby="medications-heading" className="mb-6">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="medications-heading" className="text-lg font-bold">
          Medications
        </h2>
        <Link to="/medications" className="text-sm font-semibold text-primary">
          Manage
        </Link>
      </div>

      {medications.isPending ? (
        <p className="py-6 text-center text-slate-500">Loading medications...</p>
      ) : doses.length === 0 && asNeeded.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-8 text-center">
          <Pill className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="text-slate-600">No medications scheduled</p>
          <Link to="/medications/add" className={buttonClasses('primary', 'sm')}>
            Add Medication
          </Link>
        </Card>
      ) : (
        <ul className="space-y-2" aria-label="Today's doses">
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
                <div className="min-w-0 flex-1">
                  <MedicationTitle medication={medication} />
                  <p className={cn('text-sm', status === 'overdue' ? 'font-medium text-red-700' : 'text-slate-600')}>
                    {scheduled_time}
                    {status === 'overdue' ? ' · Overdue' : ''}
                    {medication.when_to_take ? ` · ${medication.when_to_take}` : ''}
                  </p>
                  {medication.instructions ? (
                    <p className="truncate text-xs text-slate-500">{medication.instructions}</p>
                  ) : null}
                </div>
                {status === 'taken' && record ? (
                  <div className="flex shrink-0 items-center gap-2">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => void undo(medication, record.id)}
                      aria-label={`Undo Take of ${medication.name} ${scheduled_time}`}
                      className="px-2 text-green-800 hover:bg-green-100"
                    >
                      <Undo2 className="h-4 w-4" aria-hidden />
                      Undo
                    </Button>
                    <span
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-green-600 text-white"
                      role="img"
                      aria-label={`${medication.name} ${scheduled_time} taken`}
                    >
                      <Check className="h-5 w-5" aria-hidden />
                    </span>
                  </div>
                ) : (
                  <Button
                    size="sm"
                    variant={status === 'overdue' ? 'destructive' : 'primary'}
                    disabled={busy}
                    onClick={() => void take(medication, scheduled_time)}
                    aria-label={`Take ${medication.name} ${scheduled_time}`}
                  >
                    Take
                  </Button>
                )}
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
                <div className="min-w-0 flex-1">
                  <MedicationTitle medication={medication} />
                  <p className="text-sm text-slate-600">
                    As needed
                    {logged.length
                      ? ` · taken ${logged.length}× today (last ${logged[0]!.taken_time ?? logged[0]!.scheduled_time})`
                      : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => void take(medication, localTime(new Date(), zone))}
                  aria-label={`Log dose of ${medication.name}`}
                >
                  Log dose
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
