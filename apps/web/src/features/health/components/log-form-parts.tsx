/**
 * What the three log forms share: number parsing, error texts, the date and time fields, the
 * buttons and the save step.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import type { MessageId } from '../../../lib/i18n/i18n';
import { fieldMessage } from '../../../lib/i18n/field-error';
import { useT, type TranslateFunction } from '../../../lib/i18n/language-provider';
import type { ReadingByKind, ReadingKind } from '../api/health';

/** The props of each log form. */
export interface FormProps<K extends ReadingKind = ReadingKind> {
  now: Date;
  zone: string;
  close: () => void;
  /** The reading to edit; absent when logging a new one. */
  reading?: ReadingByKind[K] | undefined;
}

/** A number input's value: '' → undefined (then 'is required'), else the number. */
export const toNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
/** An optional number input's value: '' → null. */
export const toNumberOrNull = (value: unknown) =>
  value === '' || value === undefined || value === null ? null : Number(value);

/** The schema's message id (validation.max_unit, max 600 mg/dL) → 'Value must be at most 600 mg/dL', in the active language. */
export const message = (t: TranslateFunction, label: MessageId, error: { message?: string } | undefined) =>
  fieldMessage(t, t(label), error?.message, 'health');

/**
 * The reading's date (no later than `today`, YYYY-MM-DD) and time side by side, with ids
 * `<idPrefix>-date` and `<idPrefix>-time`. `registerDate` and `registerTime` register the inputs
 * with the form; they are called here, in field order, so a failed submit still focuses the
 * first field in error.
 */
export function DateTimeFields({
  idPrefix,
  today,
  registerDate,
  registerTime,
  errors,
}: {
  idPrefix: string;
  today: string;
  registerDate: () => UseFormRegisterReturn<'date'>;
  registerTime: () => UseFormRegisterReturn<'time'>;
  errors: { date?: { message?: string } | undefined; time?: { message?: string } | undefined };
}) {
  const t = useT();
  const date = registerDate();
  const time = registerTime();
  return (
    <div className="grid grid-cols-fit gap-3">
      <FormField
        id={`${idPrefix}-date`}
        label={t('health-reports.log.date')}
        error={message(t, 'health-reports.log.date', errors.date)}
      >
        {(field) => <Input type="date" max={today} {...date} {...field} />}
      </FormField>
      <FormField
        id={`${idPrefix}-time`}
        label={t('health-reports.log.time')}
        error={message(t, 'health-reports.log.time', errors.time)}
      >
        {(field) => <Input type="time" {...time} {...field} />}
      </FormField>
    </div>
  );
}

/** 'Save Reading' and Cancel. */
export function DialogButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const t = useT();
  return (
    <div className="button-row gap-3 pt-2">
      <Button variant="outline" onClick={onCancel}>
        {t('health-reports.log.cancel')}
      </Button>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {t('health-reports.log.save')}
      </Button>
    </div>
  );
}

/** Saves through `save`; success toasts and closes, failure toasts and keeps the dialog open. */
export async function saveReading(
  t: TranslateFunction,
  save: () => Promise<unknown>,
  close: () => void,
  edited = false,
) {
  try {
    await save();
    toast({
      title: t('health-reports.log.success'),
      description: edited ? t('health-reports.log.updated') : t('health-reports.log.logged'),
    });
    close();
  } catch (failure) {
    // A refusal (400) names the field and says why, in the user's language: trying again would
    // not help, so say what the server said.
    const refused = failure instanceof ApiError && failure.status === 400;
    toast({
      title: t('health-reports.log.error'),
      description: refused ? failure.message : t('health-reports.log.failed'),
      variant: 'destructive',
    });
  }
}
