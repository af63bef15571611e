/** The blood-pressure log form (docs/product.md Reports, §4): systolic, diastolic, an optional pulse. */
import { localDate, localTime } from '@diacare/contract/dates';
import type { bloodPressureInputSchema, BloodPressureInput } from '@diacare/contract/health';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/language-provider';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useLogBloodPressure, useUpdateReading } from '../api/health';
import {
  DateTimeFields,
  DialogButtons,
  message,
  saveReading,
  toNumber,
  toNumberOrNull,
  type FormProps,
} from './log-form-parts';

type BloodPressureOutput = z.output<typeof bloodPressureInputSchema>;

const resolver = lazyZodResolver<BloodPressureInput, BloodPressureOutput>(() =>
  import('@diacare/contract/health').then((m) => m.bloodPressureInputSchema),
);

/** Logs a blood-pressure reading, or edits `reading` with PUT. */
export function BloodPressureForm({ now, zone, close, reading }: FormProps<'bp'>) {
  const t = useT();
  const logBloodPressure = useLogBloodPressure();
  const updateBloodPressure = useUpdateReading('bp');
  const today = localDate(now, zone);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BloodPressureInput, unknown, BloodPressureOutput>({
    resolver,
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
      onFocus={resolver.preload}
      onSubmit={handleSubmit((input) =>
        reading
          ? saveReading(t, () => updateBloodPressure.mutateAsync({ id: reading.id, values: input }), close, true)
          : saveReading(t, () => logBloodPressure.mutateAsync(input), close),
      )}
    >
      <div className="grid grid-cols-fit gap-3">
        <FormField
          id="bp-systolic"
          label={t('health-reports.log.systolicLabel')}
          error={message(t, 'health-reports.log.systolic', errors.systolic)}
        >
          {(field) => (
            <Input
              type="number"
              inputMode="numeric"
              step={1}
              placeholder={t('health-reports.log.systolicPlaceholder')}
              {...register('systolic', { setValueAs: toNumber })}
              {...field}
            />
          )}
        </FormField>
        <FormField
          id="bp-diastolic"
          label={t('health-reports.log.diastolicLabel')}
          error={message(t, 'health-reports.log.diastolic', errors.diastolic)}
        >
          {(field) => (
            <Input
              type="number"
              inputMode="numeric"
              step={1}
              placeholder={t('health-reports.log.diastolicPlaceholder')}
              {...register('diastolic', { setValueAs: toNumber })}
              {...field}
            />
          )}
        </FormField>
      </div>
      <FormField
        id="bp-pulse"
        label={t('health-reports.log.pulseLabel')}
        error={message(t, 'health-reports.log.pulse', errors.pulse)}
      >
        {(field) => (
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            placeholder={t('health-reports.log.optional')}
            {...register('pulse', { setValueAs: toNumberOrNull })}
            {...field}
          />
        )}
      </FormField>
      <DateTimeFields
        idPrefix="bp"
        today={today}
        registerDate={() => register('date')}
        registerTime={() => register('time')}
        errors={errors}
      />
      <DialogButtons busy={isSubmitting} onCancel={close} />
    </form>
  );
}
