/**
 * Add/Edit Medication form: validated with
 * the contract's schema. Reminder Times are hidden for as-needed; a time can be removed only
 * when more than one remains; 'Add Time' adds 12:00; refill fields show only when enabled.
 */
import {
  COLOR_TAGS,
  FREQUENCIES,
  MEDICATION_DEFAULTS,
  MEDICATION_FORMS,
  WEEKDAYS,
  WHEN_TO_TAKE,
} from '@diacare/contract/medication-options';
import { INSULIN_TYPES } from '@diacare/contract/insulin-rules';
import type { MedicationInput } from '@diacare/contract/medications';
import { Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldError as RhfFieldError } from 'react-hook-form';
import { Link } from '../../../lib/navigation';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError, Input, Label, Select } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { fieldMessage } from '../../../lib/i18n/field-error';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { cn } from '../../../lib/utils';
import {
  COLOR_LABELS,
  FORM_LABELS,
  FREQUENCY_LABELS,
  INSULIN_TYPE_LABELS,
  WHEN_LABELS,
  weekdayName,
} from '../utils/option-labels';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <fieldset className="min-w-0 space-y-4">
        <legend className="mb-3 text-base font-bold">{title}</legend>
        {children}
      </fieldset>
    </Card>
  );
}

/** The contract's schema and zod load at the first focus or submit, not with the screen. */
const resolver = lazyZodResolver<MedicationInput>(() =>
  import('@diacare/contract/medications').then((module) => module.medicationInputSchema),
);

export function MedicationForm({
  defaultValues,
  editing,
  onSubmit,
}: {
  defaultValues: MedicationInput;
  editing: boolean;
  onSubmit: (values: MedicationInput) => Promise<void>;
}) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<MedicationInput>({ resolver, defaultValues });
  const t = useT();
  const { intlLocale } = useLocale();
  /** validation.required → 'Dosage is required': the schema's rules read after the field's label. */
  const message = (label: string, error: RhfFieldError | undefined) => fieldMessage(t, label, error?.message);

  const frequency = useWatch({ control, name: 'schedule.frequency' });
  const times = useWatch({ control, name: 'schedule.times' });
  const weekdays = useWatch({ control, name: 'schedule.weekdays' }) ?? [];
  const refillEnabled = useWatch({ control, name: 'refill_reminder.enabled' });
  const form = useWatch({ control, name: 'form' });
  const setTimes = (next: string[]) =>
    setValue('schedule.times', next, { shouldValidate: isSubmitted, shouldDirty: true });
  const timesError = errors.schedule?.times;
  const timesMessage =
    timesError?.message ?? (Array.isArray(timesError) ? timesError.find(Boolean)?.message : undefined);

  const describedBy = (id: string, error: unknown) => ({
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  });

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(values))}
      onFocus={resolver.preload}
      noValidate
      className="space-y-4"
    >
      <Section title={t('medication-form.basic')}>
        <div>
          <Label htmlFor="name">{t('medication-form.name')} *</Label>
          <Input
            id="name"
            placeholder={t('medication-form.namePlaceholder')}
            {...register('name')}
            {...describedBy('name', errors.name)}
          />
          <FieldError id="name-error" message={message(t('medication-form.name'), errors.name)} />
        </div>
        <div>
          <Label htmlFor="dosage">{t('medication-form.dosage')} *</Label>
          <Input
            id="dosage"
            placeholder={t('medication-form.dosagePlaceholder')}
            {...register('dosage')}
            {...describedBy('dosage', errors.dosage)}
          />
          <FieldError id="dosage-error" message={message(t('medication-form.dosage'), errors.dosage)} />
        </div>
        <div className="grid grid-cols-fit gap-3">
          <div>
            <Label htmlFor="form">{t('medication-form.form')}</Label>
            <Select
              id="form"
              {...register('form', {
                // Only an injection can be insulin: another form drops the mark.
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value !== 'Injection') setValue('insulin_type', null);
                },
              })}
            >
              {MEDICATION_FORMS.map((form) => (
                <option key={form} value={form}>
                  {t(FORM_LABELS[form])}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="when_to_take">{t('medication-form.whenToTake')}</Label>
            <Select
              id="when_to_take"
              {...register('when_to_take', { setValueAs: (v: string | null) => (v ? v : null) })}
            >
              <option value="">{t('medication-form.when.any')}</option>
              {WHEN_TO_TAKE.map((when) => (
                <option key={when} value={when}>
                  {t(WHEN_LABELS[when])}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {form === 'Injection' ? (
          // An injection can be insulin: its Take then asks for the units.
          <div>
            <Label htmlFor="insulin_type">{t('medications.insulin.label')}</Label>
            <Select
              id="insulin_type"
              {...register('insulin_type', { setValueAs: (v: string | null) => (v ? v : null) })}
              {...describedBy('insulin_type', errors.insulin_type)}
            >
              <option value="">{t('medications.insulin.notInsulin')}</option>
              {INSULIN_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(INSULIN_TYPE_LABELS[type])}
                </option>
              ))}
            </Select>
            <FieldError
              id="insulin_type-error"
              message={message(t('medications.insulin.label'), errors.insulin_type)}
            />
          </div>
        ) : null}
        <div>
          <Label htmlFor="instructions">{t('medication-form.instructions')}</Label>
          <Input
            id="instructions"
            wrapPlaceholder
            placeholder={t('medication-form.instructionsPlaceholder')}
            {...register('instructions')}
          />
        </div>
        <div role="radiogroup" aria-labelledby="color-label">
          <p id="color-label" className="mb-1.5 text-sm font-medium text-slate-700">
            {t('medication-form.color')}
          </p>
          <Controller
            control={control}
            name="color"
            render={({ field }) => (
              <div className="flex flex-wrap gap-2">
                {COLOR_TAGS.map((tag) => (
                  <button
                    key={tag.hex}
                    type="button"
                    role="radio"
                    aria-checked={field.value === tag.hex}
                    aria-label={t(COLOR_LABELS[tag.name])}
                    onClick={() => field.onChange(tag.hex)}
                    className={cn(
                      'h-9 w-9 rounded-full border-2',
                      field.value === tag.hex
                        ? 'border-slate-900 ring-2 ring-slate-900 ring-offset-2'
                        : 'border-white shadow',
                    )}
                    style={{ backgroundColor: tag.hex }}
                  />
                ))}
              </div>
            )}
          />
        </div>
      </Section>

      <Section title={t('medication-form.schedule')}>
        <div>
          <Label htmlFor="frequency">{t('medication-form.frequency')}</Label>
          <Select id="frequency" {...register('schedule.frequency')}>
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(FREQUENCY_LABELS[f])}
              </option>
            ))}
          </Select>
        </div>
        {frequency === 'weekly' ? (
          <div role="group" aria-labelledby="weekdays-label">
            <p id="weekdays-label" className="mb-1.5 text-sm font-medium text-slate-700">
              {t('medication-form.weekdays')}
            </p>
            <div className="flex flex-wrap gap-1.5">
              {WEEKDAYS.map((day) => {
                const on = weekdays.includes(day.iso);
                return (
                  <button
                    key={day.iso}
                    type="button"
                    aria-pressed={on}
                    onClick={() =>
                      setValue(
                        'schedule.weekdays',
                        on ? weekdays.filter((d) => d !== day.iso) : [...weekdays, day.iso].sort(),
                        {
                          shouldDirty: true,
                        },
                      )
                    }
                    className={cn(
                      'h-10 min-w-11 rounded-xl border px-2 text-sm font-semibold',
                      on ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-700',
                    )}
                  >
                    {weekdayName(day.iso, intlLocale)}
                  </button>
                );
              })}
            </div>
            <p className="mt-1 text-xs text-slate-500">{t('medication-form.noWeekday')}</p>
          </div>
        ) : null}
        {frequency !== 'as-needed' ? (
          <div role="group" aria-labelledby="times-label">
            <p id="times-label" className="mb-1.5 text-sm font-medium text-slate-700">
              {t('medication-form.times')}
            </p>
            <ul className="space-y-2">
              {times.map((time, index) => (
                // At 200 % text the remove button wraps below a time too narrow to show it whole.
                <li key={index} className="flex flex-wrap items-center gap-2">
                  <Input
                    className="flex-[1_1_8rem]"
                    type="time"
                    aria-label={t('medication-form.time', { n: index + 1 })}
                    value={time}
                    onChange={(e) => setTimes(times.map((old, i) => (i === index ? e.target.value : old)))}
                  />
                  {times.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={t('medication-form.removeTime', { n: index + 1 })}
                      onClick={() => setTimes(times.filter((_, i) => i !== index))}
                    >
                      <X className="h-5 w-5" aria-hidden />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <FieldError
              id="times-error"
              message={message(
                t('medication-form.times'),
                timesMessage ? { type: 'custom', message: timesMessage } : undefined,
              )}
            />
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => setTimes([...times, MEDICATION_DEFAULTS.addedTime])}
            >
              <Plus className="h-4 w-4" aria-hidden /> {t('medication-form.addTime')}
            </Button>
          </div>
        ) : null}
        <div>
          <Label htmlFor="start_date">{t('medication-form.startDate')}</Label>
          <Input
            id="start_date"
            type="date"
            {...register('schedule.start_date')}
            {...describedBy('start_date', errors.schedule?.start_date)}
          />
          <FieldError
            id="start_date-error"
            message={message(t('medication-form.startDate'), errors.schedule?.start_date)}
          />
        </div>
      </Section>

      <Section title={t('medication-form.refill')}>
        <div className="flex items-center justify-between gap-3">
          <div>
            <label htmlFor="refill-enabled" className="text-sm font-medium">
              {t('medication-form.refillEnable')}
            </label>
            <p className="text-xs text-slate-500">{t('medication-form.refillHint')}</p>
          </div>
          <Controller
            control={control}
            name="refill_reminder.enabled"
            render={({ field }) => (
              <Switch id="refill-enabled" checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
        </div>
        {refillEnabled ? (
          <div className="grid grid-cols-fit gap-3">
            <div>
              <Label htmlFor="pills_remaining">{t('medication-form.pills')}</Label>
              <Input
                id="pills_remaining"
                type="number"
                inputMode="numeric"
                min={0}
                {...register('refill_reminder.pills_remaining', { valueAsNumber: true })}
                {...describedBy('pills_remaining', errors.refill_reminder?.pills_remaining)}
              />
              <FieldError
                id="pills_remaining-error"
                message={message(t('medication-form.pills'), errors.refill_reminder?.pills_remaining)}
              />
            </div>
            <div>
              <Label htmlFor="threshold">{t('medication-form.threshold')}</Label>
              <Input
                id="threshold"
                type="number"
                inputMode="numeric"
                min={1}
                {...register('refill_reminder.threshold', { valueAsNumber: true })}
                {...describedBy('threshold', errors.refill_reminder?.threshold)}
              />
              <FieldError
                id="threshold-error"
                message={message(t('medication-form.threshold'), errors.refill_reminder?.threshold)}
              />
            </div>
          </div>
        ) : null}
      </Section>

      <div className="button-row gap-3 pb-4">
        <Link to="/medications" className={buttonClasses('outline')}>
          {t('common.cancel')}
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('common.saving') : editing ? t('medication-form.update') : t('medication-form.save')}
        </Button>
      </div>
    </form>
  );
}
