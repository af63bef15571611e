/**
 * The three log dialogs of Reports (docs/product.md, Reports): validated with the contract's
 * schemas, date and time starting at now in the user's zone; given a reading, a dialog edits it
 * (PUT). The meal context's value stays the contract's English word; its label is translated.
 */
import { bodyMassIndex } from '@diacare/contract/clinical';
import { localDate, localTime } from '@diacare/contract/dates';
import { defaultMealContext } from '@diacare/contract/health-constants';
import {
  GLUCOSE_INPUT_STEP,
  formatGlucoseValue,
  glucoseInUnit,
  type GlucoseUnit,
} from '@diacare/contract/glucose-units';
import {
  BODY_BOUNDS,
  DEFAULT_HEIGHT_CM,
  MEAL_CONTEXTS,
  bloodPressureInputSchema,
  bodyMetricsInputSchema,
  glucoseEntrySchema,
  type glucoseInputSchema,
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
import type { MessageId } from '../../../lib/i18n/i18n';
import { fieldMessage } from '../../../lib/i18n/field-error';
import { useT, type TranslateFunction } from '../../../lib/i18n/language-provider';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import {
  useLogBloodPressure,
  useLogBodyMetrics,
  useLogGlucose,
  useUpdateReading,
  type ReadingByKind,
  type ReadingKind,
} from '../api/health';
import { MEAL_CONTEXT_IDS } from '../utils/labels';

export const LOG_TITLES: Record<ReadingKind, MessageId> = {
  glucose: 'health.log.title.glucose',
  bp: 'health-reports.log.title.bp',
  weight: 'health-reports.log.title.weight',
};

export const EDIT_TITLES: Record<ReadingKind, MessageId> = {
  glucose: 'health-reports.log.editTitle.glucose',
  bp: 'health-reports.log.editTitle.bp',
  weight: 'health-reports.log.editTitle.weight',
};

/** A number input's value: '' → undefined (then 'is required'), else the number. */
const toNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
/** An optional number input's value: '' → null. */
const toNumberOrNull = (value: unknown) =>
  value === '' || value === undefined || value === null ? null : Number(value);

/** 'must be at most 600 mg/dL' → 'Value must be at most 600 mg/dL', in the active language. */
const message = (t: TranslateFunction, label: MessageId, error: { message?: string } | undefined) =>
  fieldMessage(t, t(label), error?.message, 'health');

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

/** 'Save Reading' and Cancel. */
function DialogButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
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
async function saveReading(t: TranslateFunction, save: () => Promise<unknown>, close: () => void, edited = false) {
  try {
    await save();
    toast({
      title: t('health-reports.log.success'),
      description: edited ? t('health-reports.log.updated') : t('health-reports.log.logged'),
    });
    close();
  } catch {
    toast({
      title: t('health-reports.log.error'),
      description: t('health-reports.log.failed'),
      variant: 'destructive',
    });
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

/**
 * The value to store for an edited reading: its own mg/dL when the figure shown in `unit` was
 * left as it was (5.6 mmol/L shows 100 and 101 mg/dL alike, so saving the date alone must not
 * move the value), else the converted entry.
 */
function editedValue(enteredMgDl: number, storedMgDl: number, unit: GlucoseUnit): number {
  return glucoseInUnit(enteredMgDl, unit) === glucoseInUnit(storedMgDl, unit) ? storedMgDl : enteredMgDl;
}

/**
 * Glucose in the user's unit: label, step, placeholder and bounds messages in
 * mg/dL or mmol/L; glucoseEntrySchema converts an mmol/L entry to whole mg/dL before sending.
 */
function GlucoseForm({ now, zone, close, reading }: FormProps<'glucose'>) {
  const t = useT();
  const logGlucose = useLogGlucose();
  const updateGlucose = useUpdateReading('glucose');
  const unit = useGlucoseUnit();
  const today = localDate(now, zone);
  const {
    register,
    handleSubmit,
    getFieldState,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<GlucoseInput, unknown, GlucoseOutput>({
    resolver: zodResolver(glucoseEntrySchema(unit)),
    // A new reading's meal context starts from the time of day in the user's zone,
    // not always 'Fasting', and follows a time the person types until they choose one.
    defaultValues: reading
      ? {
          value: glucoseInUnit(reading.value, unit),
          meal_context: reading.meal_context,
          date: reading.date,
          time: reading.time,
        }
      : { meal_context: defaultMealContext(localTime(now, zone)), date: today, time: localTime(now, zone) },
  });
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((input) =>
        reading
          ? saveReading(
              t,
              () =>
                updateGlucose.mutateAsync({
                  id: reading.id,
                  values: { ...input, value: editedValue(input.value, reading.value, unit) },
                }),
              close,
              true,
            )
          : saveReading(t, () => logGlucose.mutateAsync(input), close),
      )}
    >
      <Field
        id="glucose-value"
        label={t('health-reports.log.valueLabel', { unit })}
        error={message(t, 'health-reports.log.value', errors.value)}
      >
        <Input
          id="glucose-value"
          type="number"
          inputMode={unit === 'mmol/L' ? 'decimal' : 'numeric'}
          step={GLUCOSE_INPUT_STEP[unit]}
          placeholder={t('health-reports.log.valuePlaceholder', { example: formatGlucoseValue(110, unit) })}
          {...register('value', { setValueAs: toNumber })}
          {...invalid('glucose-value', errors.value)}
        />
      </Field>
      <Field
        id="glucose-meal"
        label={t('health-reports.log.meal')}
        error={message(t, 'health-reports.log.meal', errors.meal_context)}
      >
        <Select id="glucose-meal" {...register('meal_context')}>
          {MEAL_CONTEXTS.map((context) => (
            <option key={context} value={context}>
              {t(MEAL_CONTEXT_IDS[context])}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-fit gap-3">
        <Field
          id="glucose-date"
          label={t('health-reports.log.date')}
          error={message(t, 'health-reports.log.date', errors.date)}
        >
          <Input
            id="glucose-date"
            type="date"
            max={today}
            {...register('date')}
            {...invalid('glucose-date', errors.date)}
          />
        </Field>
        <Field
          id="glucose-time"
          label={t('health-reports.log.time')}
          error={message(t, 'health-reports.log.time', errors.time)}
        >
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
  const t = useT();
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
          ? saveReading(t, () => updateBloodPressure.mutateAsync({ id: reading.id, values: input }), close, true)
          : saveReading(t, () => logBloodPressure.mutateAsync(input), close),
      )}
    >
      <div className="grid grid-cols-fit gap-3">
        <Field
          id="bp-systolic"
          label={t('health-reports.log.systolicLabel')}
          error={message(t, 'health-reports.log.systolic', errors.systolic)}
        >
          <Input
            id="bp-systolic"
            type="number"
            inputMode="numeric"
            step={1}
            placeholder={t('health-reports.log.systolicPlaceholder')}
            {...register('systolic', { setValueAs: toNumber })}
            {...invalid('bp-systolic', errors.systolic)}
          />
        </Field>
        <Field
          id="bp-diastolic"
          label={t('health-reports.log.diastolicLabel')}
          error={message(t, 'health-reports.log.diastolic', errors.diastolic)}
        >
          <Input
            id="bp-diastolic"
            type="number"
            inputMode="numeric"
            step={1}
            placeholder={t('health-reports.log.diastolicPlaceholder')}
            {...register('diastolic', { setValueAs: toNumber })}
            {...invalid('bp-diastolic', errors.diastolic)}
          />
        </Field>
      </div>
      <Field
        id="bp-pulse"
        label={t('health-reports.log.pulseLabel')}
        error={message(t, 'health-reports.log.pulse', errors.pulse)}
      >
        <Input
          id="bp-pulse"
          type="number"
          inputMode="numeric"
          step={1}
          placeholder={t('health-reports.log.optional')}
          {...register('pulse', { setValueAs: toNumberOrNull })}
          {...invalid('bp-pulse', errors.pulse)}
        />
      </Field>
      <div className="grid grid-cols-fit gap-3">
        <Field
          id="bp-date"
          label={t('health-reports.log.date')}
          error={message(t, 'health-reports.log.date', errors.date)}
        >
          <Input id="bp-date" type="date" max={today} {...register('date')} {...invalid('bp-date', errors.date)} />
        </Field>
        <Field
          id="bp-time"
          label={t('health-reports.log.time')}
          error={message(t, 'health-reports.log.time', errors.time)}
        >
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

/** BMI shown live once weight and height are both valid numbers. */
function LiveBmi({ weight, height }: { weight: unknown; height: unknown }) {
  const t = useT();
  const ready = withinBounds(weight, BODY_BOUNDS.weight) && withinBounds(height, BODY_BOUNDS.height);
  return (
    <div aria-live="polite" className="min-h-12">
      {ready ? (
        <p className="flex items-baseline justify-between rounded-xl bg-primary-light px-4 py-3 text-primary-dark">
          <span className="text-sm font-medium">{t('health-reports.log.bmi')}</span>
          <span className="text-xl font-bold" data-testid="live-bmi">
            {bodyMassIndex(weight, height).toFixed(1)}
          </span>
        </p>
      ) : null}
    </div>
  );
}

function WeightForm({ now, zone, close, reading }: FormProps<'weight'>) {
  const t = useT();
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
              t,
              // The server recomputes the BMI; the one sent only fills the type.
              () =>
                updateBodyMetrics.mutateAsync({
                  id: reading.id,
                  values: { weight, height, date, bmi: bodyMassIndex(weight, height) },
                }),
              close,
              true,
            )
          : saveReading(t, () => logBodyMetrics.mutateAsync({ weight, height, date }), close),
      )}
    >
      <div className="grid grid-cols-fit gap-3">
        <Field
          id="body-weight"
          label={t('health-reports.log.weightLabel')}
          error={message(t, 'health-reports.log.weight', errors.weight)}
        >
          <Input
            id="body-weight"
            type="number"
            inputMode="decimal"
            step={0.1}
            placeholder={t('health-reports.log.weightPlaceholder')}
            {...register('weight', { setValueAs: toNumber })}
            {...invalid('body-weight', errors.weight)}
          />
        </Field>
        <Field
          id="body-height"
          label={t('health-reports.log.heightLabel')}
          error={message(t, 'health-reports.log.height', errors.height)}
        >
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
      <Field
        id="body-date"
        label={t('health-reports.log.date')}
        error={message(t, 'health-reports.log.date', errors.date)}
      >
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
 * it edits that reading, prefilled.
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
  const t = useT();
  const Form = FORMS[kind] as (props: FormProps<K>) => ReactNode;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(reading ? EDIT_TITLES[kind] : LOG_TITLES[kind])}
    >
      <Form now={now} zone={zone} close={onClose} reading={reading} />
    </Dialog>
  );
}
