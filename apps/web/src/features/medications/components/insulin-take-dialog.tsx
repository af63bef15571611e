/**
 * The Take of an insulin medicine: asks for the units (0.5–100 in steps of 0.5), pre-filled with the
 * person's own last dose for that time, never one the app suggests; Cancel records nothing.
 * Decision 047.
 */
import { shiftDate } from '@diacare/contract/dates';
import type { insulinInputSchema } from '@diacare/contract/insulin';
import { INSULIN_UNITS, lastDoseUnits } from '@diacare/contract/insulin-rules';
import type { Medication } from '@diacare/contract/medications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { fieldMessage } from '../../../lib/i18n/field-error';
import { useT } from '../../../lib/i18n/language-provider';
import { getInsulinDosesQueryOptions } from '../../../lib/insulin-doses';
import { loadOnce } from '../../../lib/load-once';
import { INSULIN_TYPE_LABELS } from '../utils/option-labels';

/** How far back the last dose for a time is looked for. */
const PREFILL_DAYS = 60;

type UnitsRule = (typeof insulinInputSchema)['shape']['units'];
/**
 * The contract's rule for the units, loaded at the form's first focus or submit, as forms load zod
 * (decision 016): the dialog's idle preload does not evaluate it. A failed load is tried again.
 */
const loadUnitsRule: () => Promise<UnitsRule> = loadOnce(() =>
  import('@diacare/contract/insulin').then((m) => m.insulinInputSchema.shape.units),
);

export function InsulinTakeDialog({
  medication,
  scheduledTime,
  today,
  onTake,
  onClose,
}: {
  medication: Medication & { insulin_type: NonNullable<Medication['insulin_type']> };
  scheduledTime: string;
  today: string;
  /** Records the units and the dose; rejects to keep the dialog open. */
  onTake: (units: number) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const recent = useQuery(getInsulinDosesQueryOptions({ start_date: shiftDate(today, -PREFILL_DAYS) }));
  const last = recent.data ? lastDoseUnits(recent.data, medication.id, scheduledTime) : null;
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const value = typed ?? (last === null ? '' : String(last));
  const label = t('medications.insulin.units');

  const submit = async () => {
    setBusy(true);
    const rule = await loadUnitsRule().catch(() => undefined);
    if (!rule) {
      setError(t('common.offline'));
      setBusy(false);
      return;
    }
    const parsed = rule.safeParse(value === '' ? undefined : Number(value));
    if (!parsed.success) {
      setError(fieldMessage(t, label, parsed.error.issues[0]?.message));
      setBusy(false);
      return;
    }
    try {
      await onTake(parsed.data);
      onClose();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('medications.insulin.takeTitle', { name: medication.name, time: scheduledTime })}
      description={t(INSULIN_TYPE_LABELS[medication.insulin_type])}
    >
      <form
        noValidate
        className="space-y-4"
        onFocus={() => void loadUnitsRule().catch(() => undefined)}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <Label htmlFor="insulin-units">{label}</Label>
          <Input
            id="insulin-units"
            type="number"
            inputMode="decimal"
            min={INSULIN_UNITS.min}
            max={INSULIN_UNITS.max}
            step={INSULIN_UNITS.step}
            value={value}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'insulin-units-error' : 'insulin-units-hint'}
          />
          <FieldError id="insulin-units-error" message={error} />
          <p id="insulin-units-hint" className="mt-1 text-xs text-slate-600">
            {last === null ? t('medications.insulin.noPrefill') : t('medications.insulin.prefilled', { units: last })}
          </p>
        </div>
        <div className="button-row gap-3 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {t('home.take')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
