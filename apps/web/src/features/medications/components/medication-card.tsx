/** A medication in the list. */
import { pillsBand, weeklyDays } from '@diacare/contract/dose-rules';
import type { Medication } from '@diacare/contract/medications';
import { CircleAlert, Pencil, Trash2 } from 'lucide-react';
import { Link } from '../../../lib/navigation';
import { Card } from '../../../components/ui/card';
import { PendingMark } from '../../../components/ui/pending-mark';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import type { TranslateFunction } from '../../../lib/i18n/language-provider';
import { FORM_LABELS, optionLabel, weekdayName, WHEN_LABELS } from '../utils/option-labels';

/**
 * The card's schedule line: 'Daily at 09:00, 21:00', 'Weekly on Mon, Thu
 * at 08:00', or the frequency itself.
 */
export function scheduleLine(t: TranslateFunction, schedule: Medication['schedule'], intlLocale: string): string {
  const times = schedule.times.join(', ');
  if (schedule.frequency === 'daily') return t('medications.schedule.daily', { times });
  if (schedule.frequency === 'weekly') {
    const days = weeklyDays(schedule)
      .map((iso) => weekdayName(iso, intlLocale))
      .join(', ');
    return t('medications.schedule.weekly', { days, times });
  }
  return t('medications.schedule.asNeeded');
}

const BAND_CLASSES = { red: 'text-red-600', orange: 'text-orange-600', green: 'text-green-700' } as const;

export function MedicationCard({
  medication,
  onDelete,
  waiting = false,
}: {
  medication: Medication;
  onDelete: () => void;
  /** A change of this medication waits to sync. */
  waiting?: boolean;
}) {
  const refill = medication.refill_reminder;
  const pills = pillsBand(refill.pills_remaining);
  const t = useT();
  const { intlLocale } = useLocale();
  return (
    <Card className="flex gap-3">
      <span className="w-1.5 shrink-0 rounded-full" style={{ backgroundColor: medication.color }} aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 flex-[1_1_9rem]">
            <h2 className="text-base font-bold wrap-break-word">{medication.name}</h2>
            <p className="text-sm text-slate-600">
              {medication.dosage} • {optionLabel(t, FORM_LABELS, medication.form)}
            </p>
          </div>
          <div className="ml-auto flex shrink-0">
            <Link
              to={`/medications/edit/${medication.id}`}
              aria-label={t('medications.card.edit', { name: medication.name })}
              className="flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <Pencil className="h-4 w-4" aria-hidden />
            </Link>
            <button
              type="button"
              onClick={onDelete}
              aria-label={t('medications.card.delete', { name: medication.name })}
              className="flex h-10 w-10 items-center justify-center rounded-full text-red-600 hover:bg-red-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </div>
        {waiting ? <PendingMark className="mt-1" /> : null}
        {medication.instructions ? <p className="mt-1 text-sm text-slate-700">{medication.instructions}</p> : null}
        {medication.when_to_take ? (
          <p className="mt-1 text-xs font-medium text-primary-dark">
            {optionLabel(t, WHEN_LABELS, medication.when_to_take)}
          </p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-slate-600">{scheduleLine(t, medication.schedule, intlLocale)}</span>
          {refill.enabled ? (
            <span className={cn('flex items-center gap-1 font-semibold', BAND_CLASSES[pills.band])}>
              {pills.alert ? <CircleAlert className="h-4 w-4" aria-label={t('medications.card.runningLow')} /> : null}
              {t('medications.card.pillsLeft', { count: refill.pills_remaining })}
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
