/**
 * Add/Edit Medication form (spec §2 Add/Edit Medication, §3 defaults, §5): validated with
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
import type { MedicationInput } from '@diacare/contract/medications';
import { Plus, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldError as RhfFieldError } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError, Input, Label, Select } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { cn } from '../../../lib/utils';

const FREQUENCY_LABELS = { daily: 'Daily', weekly: 'Weekly', 'as-needed': 'As needed' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <fieldset className="space-y-4">
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

/** 'is required' → 'Dosage is required': the schema's messages read after the field's label. */
const message = (label: string, error: RhfFieldError | undefined) =>
  error?.message ? `${label} ${error.message}` : undefined;

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

  const frequency = useWatch({ control, name: 'schedule.frequency' });
  const times = useWatch({ control, name: 'schedule.times' });
  const weekdays = useWatch({ control, name: 'schedule.weekdays' }) ?? [];
  const refillEnabled = useWatch({ control, name: 'refill_reminder.enabled' });
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
      <Section title="Basic Information">
        <div>
          <Label htmlFor="name">Medication Name *</Label>
          <Input id="name" placeholder="e.g. Metformin" {...register('name')} {...describedBy('name', errors.name)} />
          <FieldError id="name-error" message={message('Medication Name', errors.name)} />
        </div>
        <div>
          <Label htmlFor="dosage">Dosage *</Label>
          <Input
            id="dosage"
            placeholder="e.g. 500 mg"
            {...register('dosage')}
            {...describedBy('dosage', errors.dosage)}
          />
          <FieldError id="dosage-error" message={message('Dosage', errors.dosage)} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor="form">Form</Label>
            <Select id="form" {...register('form')}>
              {MEDICATION_FORMS.map((form) => (
                <option key={form}>{form}</option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor="when_to_take">When to Take</Label>
            <Select
              id="when_to_take"
              {...register('when_to_take', { setValueAs: (v: string | null) => (v ? v : null) })}
            >
              <option value="">Any time</option>
              {WHEN_TO_TAKE.map((when) => (
                <option key={when}>{when}</option>
              ))}
            </Select>
          </div>
        </div>
        <div>
          <Label htmlFor="instructions">Instructions</Label>
          <Input id="instructions" placeholder="e.g. With a glass of water" {...register('instructions')} />
        </div>
        <div role="radiogroup" aria-labelledby="color-label">
          <p id="color-label" className="mb-1.5 text-sm font-medium text-slate-700">
            Color Tag
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
                    aria-label={tag.name}
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

      <Section title="Schedule">
        <div>
          <Label htmlFor="frequency">Frequency</Label>
          <Select id="frequency" {...register('schedule.frequency')}>
            {FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </div>
        {frequency === 'weekly' ? (
          <div role="group" aria-labelledby="weekdays-label">
            <p id="weekdays-label" className="mb-1.5 text-sm font-medium text-slate-700">
              Days of the week
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
                    {day.short}
                  </button>
                );
              })}
            </div>
            <p className="mt-1 text-xs text-slate-500">No day chosen: the start date's weekday.</p>
          </div>
        ) : null}
        {frequency !== 'as-needed' ? (
          <div role="group" aria-labelledby="times-label">
            <p id="times-label" className="mb-1.5 text-sm font-medium text-slate-700">
              Reminder Times
            </p>
            <ul className="space-y-2">
              {times.map((time, index) => (
                <li key={index} className="flex items-center gap-2">
                  <Input
                    type="time"
                    aria-label={`Reminder time ${index + 1}`}
                    value={time}
                    onChange={(e) => setTimes(times.map((t, i) => (i === index ? e.target.value : t)))}
                  />
                  {times.length > 1 ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove reminder time ${index + 1}`}
                      onClick={() => setTimes(times.filter((_, i) => i !== index))}
                    >
                      <X className="h-5 w-5" aria-hidden />
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <FieldError id="times-error" message={timesMessage ? `Reminder Times ${timesMessage}` : undefined} />
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => setTimes([...times, MEDICATION_DEFAULTS.addedTime])}
            >
              <Plus className="h-4 w-4" aria-hidden /> Add Time
            </Button>
          </div>
        ) : null}
        <div>
          <Label htmlFor="start_date">Start Date</Label>
          <Input
            id="start_date"
            type="date"
            {...register('schedule.start_date')}
            {...describedBy('start_date', errors.schedule?.start_date)}
          />
          <FieldError id="start_date-error" message={message('Start Date', errors.schedule?.start_date)} />
        </div>
      </Section>

      <Section title="Refill Reminder">
        <div className="flex items-center justify-between gap-3">
          <div>
            <label htmlFor="refill-enabled" className="text-sm font-medium">
              Enable Refill Reminders
            </label>
            <p className="text-xs text-slate-500">Get notified when running low</p>
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
          <div className="grid grid-cols-2 gap-3">
            <div>
              <Label htmlFor="pills_remaining">Current Pills</Label>
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
                message={message('Current Pills', errors.refill_reminder?.pills_remaining)}
              />
            </div>
            <div>
              <Label htmlFor="threshold">Remind at</Label>
              <Input
                id="threshold"
                type="number"
                inputMode="numeric"
                min={1}
                {...register('refill_reminder.threshold', { valueAsNumber: true })}
                {...describedBy('threshold', errors.refill_reminder?.threshold)}
              />
              <FieldError id="threshold-error" message={message('Remind at', errors.refill_reminder?.threshold)} />
            </div>
          </div>
        ) : null}
      </Section>

      <div className="grid grid-cols-[1fr_2fr] gap-3 pb-4">
        <Link to="/medications" className={buttonClasses('outline')}>
          Cancel
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : editing ? 'Update Medication' : 'Save Medication'}
        </Button>
      </div>
    </form>
  );
}
