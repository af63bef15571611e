/**
 * The weight log form (docs/product.md Reports, §5): weight and height (170 cm to start) with the
 * BMI shown live once both are valid; the server computes the stored BMI.
 */
import { bodyMassIndex } from '@diacare/contract/clinical';
import { localDate } from '@diacare/contract/dates';
import type { bodyMetricsInputSchema, BodyMetricsInput } from '@diacare/contract/health';
import { BODY_BOUNDS, DEFAULT_HEIGHT_CM } from '@diacare/contract/health-constants';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/language-provider';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useLogBodyMetrics, useUpdateReading } from '../api/health';
import { DialogButtons, message, saveReading, toNumber, type FormProps } from './log-form-parts';

type BodyMetricsOutput = z.output<typeof bodyMetricsInputSchema>;

const resolver = lazyZodResolver<BodyMetricsInput, BodyMetricsOutput>(() =>
  import('@diacare/contract/health').then((m) => m.bodyMetricsInputSchema),
);

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

/** Logs weight and height, or edits `reading` with PUT. */
export function WeightForm({ now, zone, close, reading }: FormProps<'weight'>) {
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
    resolver,
    defaultValues: reading
      ? { weight: reading.weight, height: reading.height, date: reading.date }
      : { height: DEFAULT_HEIGHT_CM, date: today },
  });
  const [weight, height] = useWatch({ control, name: ['weight', 'height'] });
  return (
    <form
      noValidate
      className="space-y-4"
      onFocus={resolver.preload}
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
        <FormField
          id="body-weight"
          label={t('health-reports.log.weightLabel')}
          error={message(t, 'health-reports.log.weight', errors.weight)}
        >
          {(field) => (
            <Input
              type="number"
              inputMode="decimal"
              step={0.1}
              placeholder={t('health-reports.log.weightPlaceholder')}
              {...register('weight', { setValueAs: toNumber })}
              {...field}
            />
          )}
        </FormField>
        <FormField
          id="body-height"
          label={t('health-reports.log.heightLabel')}
          error={message(t, 'health-reports.log.height', errors.height)}
        >
          {(field) => (
            <Input
              type="number"
              inputMode="decimal"
              step={0.1}
              {...register('height', { setValueAs: toNumber })}
              {...field}
            />
          )}
        </FormField>
      </div>
      <FormField
        id="body-date"
        label={t('health-reports.log.date')}
        error={message(t, 'health-reports.log.date', errors.date)}
      >
        {(field) => <Input type="date" max={today} {...register('date')} {...field} />}
      </FormField>
      <LiveBmi weight={weight} height={height} />
      <DialogButtons busy={isSubmitting} onCancel={close} />
    </form>
  );
}
