/**
 * The three log dialogs of Reports (spec §2 Reports, §3 readings, §4 'the log dialog closes
 * on success or Cancel; on failure it stays open', §5, §8 Health metric toasts). Each form
 * validates with the contract's schema (a missing field reads '<Label> is required').
 * Date and time start at now in the user's zone, and the meal context by that time of day
 * (defaultMealContext); height starts at 170 cm. Given a reading, a dialog edits it instead:
 * prefilled, saved with PUT (issue 13, item 3).
 */
import { bodyMassIndex } from '@diacare/contract/clinical';
import { localDate, localTime } from '@diacare/contract/dates';
import { defaultMealContext } from '@diacare/contract/health-constants';
import {
  BODY_BOUNDS,
  DEFAULT_HEIGHT_CM,
  MEAL_CONTEXTS,
  bloodPressureInputSchema,
  bodyMetricsInputSchema,
  glucoseInputSchema,
  type BloodPressureInput,
  type BodyMetricsInput,
  type GlucoseInput,
} from '@diacare/contract/health';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Input, Label, Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import {
  useLogBloodPressure,
  useLogBodyMetrics,
  useLogGlucose,
  useUpdateReading,
  type ReadingByKind,
  type ReadingKind,
} from '../api/health';

export const LOG_TITLES: Record<ReadingKind, string> = {
  glucose: 'Log Blood Glucose',
  bp: 'Log Blood Pressure',
  weight: 'Log Weight & Height',
};

export const EDIT_TITLES: Record<ReadingKind, string> = {
  glucose: 'Edit Blood Glucose',
  bp: 'Edit Blood Pressure',
  weight: 'Edit Weight & Height',
};

/** A number input's value: '' → undefined (then 'is required'), else the number. */
const toNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
/** An optional number input's value: '' → null (spec §5: pulse is null if empty). */
const toNumberOrNull = (value: unknown) =>
  value === '' || value === undefined || value === null ? null : Number(value);

/** 'must be at most 600 mg/dL' → 'Value must be at most 600 mg/dL'. */
const message = (label: string, error: { message?: string } | undefined) =>
  error?.message ? `${label} ${error.message}` : undefined;

const invalid = (id: string, error: unknown) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A labelled field with its error line. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** 'Save Reading' and Cancel (spec §2 Reports). */
function DialogButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <div className="grid grid-cols-[1fr_2fr] gap-3 pt-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        Save Reading
      </Button>
    </div>
  );
}

/** Saves through `save`; success toasts and closes, failure toasts and keeps the dialog open (spec §4, §8). */
async function saveReading(save: () => Promise<unknown>, close: () => void, edited = false) {
  try {
    await save();
    toast({ title: 'Success!', description: edited ? 'Reading updated' : 'Health metric logged successfully' });
    close();
  } catch {
    toast({ title: 'Error', description: 'Failed to save health metric. Please try again.', variant: 'destructive' });
  }
}

interface FormProps<K extends ReadingKind = ReadingKind> {
  now: Date;
  zone: string;
  close: () => void;
  /** The reading to edit; absent when logging a new one. */
  reading?: ReadingByKind[K] | undefined;
}

type GlucoseOutput = z.output<typeof glucoseInputSchema>;

function GlucoseForm({ now, zone, close, reading }: FormProps<'glucose'>) {
  const logGlucose = useLogGlucose();
  const updateGlucose = useUpdateReading('glucose');
  const today = localDate(now, zone);
  const {
    register,
    handleSubmit,
    getFieldState,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<GlucoseInput, unknown, GlucoseOutput>({
    resolver: zodResolver(glucoseInputSchema),
    // Issue 15: a new reading's meal context starts from the time of day in the user's zone,
    // not always 'Fasting', and follows a time the person types until they choose one.
    defaultValues: reading
      ? { value: reading.value, meal_context: reading.meal_context, date: reading.date, time: reading.time }
      : { meal_context: defaultMealContext(localTime(now, zone)), date: today, time: localTime(now, zone) },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((input) =>
        reading
          ? saveReading(() => updateGlucose.mutateAsync({ id: reading.id, values: input }), close, true)
          : saveReading(() => logGlucose.mutateAsync(input), close),
      )}
    >
      <Field id="glucose-value" label="Value (mg/dL) *" error={message('Value', errors.value)}>
        <Input
          id="glucose-value"
          type="number"
          inputMode="numeric"
          step={1}
          placeholder="e.g. 110"
          {...register('value', { setValueAs: toNumber })}
          {...invalid('glucose-value', errors.value)}
        />
      </Field>
      <Field id="glucose-meal" label="Meal Context" error={message('Meal Context', errors.meal_context)}>
        <Select id="glucose-meal" {...register('meal_context')}>
          {MEAL_CONTEXTS.map((context) => (
            <option key={context}>{context}</option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="glucose-date" label="Date" error={message('Date', errors.date)}>
          <Input
            id="glucose-date"
            type="date"
            max={today}
            {...register('date')}
            {...invalid('glucose-date', errors.date)}
          />
        </Field>
        <Field id="glucose-time" label="Time" error={message('Time', errors.time)}>
          <Input
            id="glucose-time"
            type="time"
            {...register('time', {
              onChange: (event: { target: { value: string } }) => {
                const time = event.target.value;
                if (!reading && /^\d{2}:\d{2}$/.test(time) && !getFieldState('meal_context').isDirty) {
                  setValue('meal_context', defaultMealContext(time));
                }
              },
            })}
            {...invalid('glucose-time', errors.time)}
          />
        </Field>
      </div>
      <DialogButtons busy={isSubmitting} onCancel={close} />
    </form>
  );
}

type BloodPressureOutput = z.output<typeof bloodPressureInputSchema>;

function BloodPressureForm({ now, zone, close, reading }: FormProps<'bp'>) {
  const logBloodPressure = useLogBloodPressure();
  const updateBloodPressure = useUpdateReading('bp');
  const today = localDate(now, zone);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BloodPressureInput, unknown, BloodPressureOutput>({
    resolver: zodResolver(bloodPressureInputSchema),
    defaultValues: reading
      ? {
          systolic: reading.systolic,
          diastolic: reading.diastolic,
          pulse: reading.pulse,
          date: reading.date,
          time: reading.time,
        }
      : { pulse: null, date: today, time: localTime(now, zone) },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((input) =>
        reading
          ? saveReading(() => updateBloodPressure.mutateAsync({ id: reading.id, values: input }), close, true)
          : saveReading(() => logBloodPressure.mutateAsync(input), close),
      )}
    >
      <div className="grid grid-cols-2 gap-3">
        <Field id="bp-systolic" label="Systolic (mmHg) *" error={message('Systolic', errors.systolic)}>
          <Input
            id="bp-systolic"
            type="number"
            inputMode="numeric"
            step={1}
            placeholder="e.g. 120"
            {...register('systolic', { setValueAs: toNumber })}
            {...invalid('bp-systolic', errors.systolic)}
          />
        </Field>
        <Field id="bp-diastolic" label="Diastolic (mmHg) *" error={message('Diastolic', errors.diastolic)}>
          <Input
            id="bp-diastolic"
            type="number"
            inputMode="numeric"
            step={1}
            placeholder="e.g. 80"
            {...register('diastolic', { setValueAs: toNumber })}
            {...invalid('bp-diastolic', errors.diastolic)}
          />
        </Field>
      </div>
      <Field id="bp-pulse" label="Pulse (bpm)" error={message('Pulse', errors.pulse)}>
        <Input
          id="bp-pulse"
          type="number"
          inputMode="numeric"
          step={1}
          placeholder="Optional"
          {...register('pulse', { setValueAs: toNumberOrNull })}
          {...invalid('bp-pulse', errors.pulse)}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="bp-date" label="Date" error={message('Date', errors.date)}>
          <Input id="bp-date" type="date" max={today} {...register('date')} {...invalid('bp-date', errors.date)} />
        </Field>
        <Field id="bp-time" label="Time" error={message('Time', errors.time)}>
          <Input id="bp-time" type="time" {...register('time')} {...invalid('bp-time', errors.time)} />
        </Field>
      </div>
      <DialogButtons busy={isSubmitting} onCancel={close} />
    </form>
  );
}

type BodyMetricsOutput = z.output<typeof bodyMetricsInputSchema>;

const withinBounds = (value: unknown, [min, max]: readonly [number, number]): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

/** BMI shown live once weight and height are both valid numbers (spec §5). */
function LiveBmi({ weight, height }: { weight: unknown; height: unknown }) {
  const ready = withinBounds(weight, BODY_BOUNDS.weight) && withinBounds(height, BODY_BOUNDS.height);
  return (
    <div aria-live="polite" className="min-h-12">
      {ready ? (
        <p className="flex items-baseline justify-between rounded-xl bg-primary-light px-4 py-3 text-primary-dark">
          <span className="text-sm font-medium">BMI</span>
          <span className="text-xl font-bold" data-testid="live-bmi">
            {bodyMassIndex(weight, height).toFixed(1)}
          </span>
        </p>
      ) : null}
    </div>
  );
}

function WeightForm({ now, zone, close, reading }: FormProps<'weight'>) {
  const logBodyMetrics = useLogBodyMetrics();
  const updateBodyMetrics = useUpdateReading('weight');
  const today = localDate(now, zone);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BodyMetricsInput, unknown, BodyMetricsOutput>({
    resolver: zodResolver(bodyMetricsInputSchema),
    defaultValues: reading
      ? { weight: reading.weight, height: reading.height, date: reading.date }
      : { height: DEFAULT_HEIGHT_CM, date: today },
  });
  const [weight, height] = useWatch({ control, name: ['weight', 'height'] });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit(({ weight, height, date }) =>
        reading
          ? saveReading(
              // The server recomputes the BMI; the one sent only fills the type.
              () =>
                updateBodyMetrics.mutateAsync({
                  id: reading.id,
                  values: { weight, height, date, bmi: bodyMassIndex(weight, height) },
                }),
              close,
              true,
            )
          : saveReading(() => logBodyMetrics.mutateAsync({ weight, height, date }), close),
      )}
    >
      <div className="grid grid-cols-2 gap-3">
        <Field id="body-weight" label="Weight (kg) *" error={message('Weight', errors.weight)}>
          <Input
            id="body-weight"
            type="number"
            inputMode="decimal"
            step={0.1}
            placeholder="e.g. 70.5"
            {...register('weight', { setValueAs: toNumber })}
            {...invalid('body-weight', errors.weight)}
          />
        </Field>
        <Field id="body-height" label="Height (cm) *" error={message('Height', errors.height)}>
          <Input
            id="body-height"
            type="number"
            inputMode="decimal"
            step={0.1}
            {...register('height', { setValueAs: toNumber })}
            {...invalid('body-height', errors.height)}
          />
        </Field>
      </div>
      <Field id="body-date" label="Date" error={message('Date', errors.date)}>
        <Input id="body-date" type="date" max={today} {...register('date')} {...invalid('body-date', errors.date)} />
      </Field>
      <LiveBmi weight={weight} height={height} />
      <DialogButtons busy={isSubmitting} onCancel={close} />
    </form>
  );
}

const FORMS: { [K in ReadingKind]: (props: FormProps<K>) => ReactNode } = {
  glucose: GlucoseForm,
  bp: BloodPressureForm,
  weight: WeightForm,
};

/**
 * The open log dialog for `kind`; the parent mounts it while open and unmounts it on close,
 * so the form starts fresh each time, with date and time at that moment. With `reading`
 * it edits that reading, prefilled (issue 13, item 3).
 */
export function LogReadingDialog<K extends ReadingKind>({
  kind,
  now,
  zone,
  onClose,
  reading,
}: {
  kind: K;
  now: Date;
  zone: string;
  onClose: () => void;
  reading?: ReadingByKind[K] | undefined;
}) {
  const Form = FORMS[kind] as (props: FormProps<K>) => ReactNode;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={reading ? EDIT_TITLES[kind] : LOG_TITLES[kind]}
    >
      <Form now={now} zone={zone} close={onClose} reading={reading} />
    </Dialog>
  );
}
