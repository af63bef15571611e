/** A medication in the list (spec §2 Medications, §9 pills-left colours). */
import { pillsBand, scheduleLine } from '@diacare/contract/dose-rules';
import type { Medication } from '@diacare/contract/medications';
import { CircleAlert, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

const BAND_CLASSES = { red: 'text-red-600', orange: 'text-orange-600', green: 'text-green-700' } as const;

export function MedicationCard({ medication, onDelete }: { medication: Medication; onDelete: () => void }) {
  const refill = medication.refill_reminder;
  const pills = pillsBand(refill.pills_remaining);
  return (
    <Card className="flex gap-3">
      <span className="w-1.5 shrink-0 rounded-full" style={{ backgroundColor: medication.color }} aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate text-base font-bold">{medication.name}</h2>
            <p className="text-sm text-slate-600">
              {medication.dosage} • {medication.form}
            </p>
          </div>
          <div className="flex shrink-0">
            <Link
              to={`/medications/edit/${medication.id}`}
              aria-label={`Edit ${medication.name}`}
              className="flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <Pencil className="h-4 w-4" aria-hidden />
            </Link>
            <button
              type="button"
              onClick={onDelete}
              aria-label={`Delete ${medication.name}`}
              className="flex h-10 w-10 items-center justify-center rounded-full text-red-600 hover:bg-red-50"
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </div>
        {medication.instructions ? <p className="mt-1 text-sm text-slate-700">{medication.instructions}</p> : null}
        {medication.when_to_take ? (
          <p className="mt-1 text-xs font-medium text-primary-dark">{medication.when_to_take}</p>
        ) : null}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-slate-600">{scheduleLine(medication.schedule)}</span>
          {refill.enabled ? (
            <span className={cn('flex items-center gap-1 font-semibold', BAND_CLASSES[pills.band])}>
              {pills.alert ? <CircleAlert className="h-4 w-4" aria-label="Running low" /> : null}
              Pills left: {refill.pills_remaining}
            </span>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
