/**
 * The glucose log form, in the user's unit (docs/product.md Reports, §3 readings): the meal
 * context starts by the time of day in the user's zone and follows a typed time until chosen.
 */
import { localDate, localTime } from '@diacare/contract/dates';
import { MEAL_CONTEXTS, defaultMealContext } from '@diacare/contract/health-constants';
import {
  GLUCOSE_INPUT_STEP,
  formatGlucoseValue,
  glucoseInUnit,
  type GlucoseUnit,
} from '@diacare/contract/glucose-units';
import type { glucoseInputSchema, GlucoseInput } from '@diacare/contract/health';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { Input, Select } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/language-provider';
import { lazyZodResolver, type LazyResolver } from '../../../lib/lazy-zod-resolver';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import { useLogGlucose, useUpdateReading } from '../api/health';
import { MEAL_CONTEXT_IDS } from '../utils/labels';
import { DateTimeFields, DialogButtons, message, saveReading, toNumber, type FormProps } from './log-form-parts';

type GlucoseOutput = z.output<typeof glucoseInputSchema>;

/** One resolver per unit: the entry's bounds and conversion depend on it. */
const resolvers = new Map<GlucoseUnit, LazyResolver<GlucoseInput, GlucoseOutput>>();
function resolverFor(unit: GlucoseUnit): LazyResolver<GlucoseInput, GlucoseOutput> {
  let resolver = resolvers.get(unit);
  if (!resolver) {
    resolver = lazyZodResolver(() => import('@diacare/contract/health').then((m) => m.glucoseEntrySchema(unit)));
    resolvers.set(unit, resolver);
  }
  return resolver;
}

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
export function GlucoseForm({ now, zone, close, reading }: FormProps<'glucose'>) {
  const t = useT();
  const logGlucose = useLogGlucose();
  const updateGlucose = useUpdateReading('glucose');
  const unit = useGlucoseUnit();
  const today = localDate(now, zone);
  const resolver = resolverFor(unit);
  const {
    register,
    handleSubmit,
    getFieldState,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<GlucoseInput, unknown, GlucoseOutput>({
    resolver,
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
      onFocus={resolver.preload}
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
      <FormField
        id="glucose-value"
        label={t('health-reports.log.valueLabel', { unit })}
        error={message(t, 'health-reports.log.value', errors.value)}
      >
        {(field) => (
          <Input
            type="number"
            inputMode={unit === 'mmol/L' ? 'decimal' : 'numeric'}
            step={GLUCOSE_INPUT_STEP[unit]}
            placeholder={t('health-reports.log.valuePlaceholder', { example: formatGlucoseValue(110, unit) })}
            {...register('value', { setValueAs: toNumber })}
            {...field}
          />
        )}
      </FormField>
      <FormField
        id="glucose-meal"
        label={t('health-reports.log.meal')}
        error={message(t, 'health-reports.log.meal', errors.meal_context)}
      >
        {({ id }) => (
          <Select id={id} {...register('meal_context')}>
            {MEAL_CONTEXTS.map((context) => (
              <option key={context} value={context}>
                {t(MEAL_CONTEXT_IDS[context])}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <DateTimeFields
        idPrefix="glucose"
        today={today}
        registerDate={() => register('date')}
        registerTime={() =>
          register('time', {
            onChange: (event: { target: { value: string } }) => {
              const time = event.target.value;
              if (!reading && /^\d{2}:\d{2}$/.test(time) && !getFieldState('meal_context').isDirty) {
                setValue('meal_context', defaultMealContext(time));
              }
            },
          })
        }
        errors={errors}
      />
      <DialogButtons busy={isSubmitting} onCancel={close} />
    </form>
  );
}
