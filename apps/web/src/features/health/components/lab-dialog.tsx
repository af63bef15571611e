/**
 * 'Add lab result': the test, its value in a unit the lab prints (HbA1c in % or
 * mmol/mol), the date (not after today in the user's zone) and a note. Validates with the
 * contract's schema; given a result it edits it (PUT). Closes on success, stays open on failure.
 */
import { localDate } from '@diacare/contract/dates';
import { LAB_TESTS, LAB_TEST_RULES, type LabTest } from '@diacare/contract/lab-rules';
import type { LabResult, LabResultInput, labResultInputSchema } from '@diacare/contract/labs';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, Input, Label, Select, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { fieldMessage } from '../../../lib/i18n/field-error';
import { useT } from '../../../lib/i18n/language-provider';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useSaveLabResult } from '../api/labs';
import { LAB_TEST_IDS } from '../utils/labs';

type LabOutput = z.output<typeof labResultInputSchema>;

const resolver = lazyZodResolver<LabResultInput, LabOutput>(() =>
  import('@diacare/contract/labs').then((m) => m.labResultInputSchema),
);

const toNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

export function LabResultDialog({
  now,
  zone,
  onClose,
  result,
  initial,
}: {
  now: Date;
  zone: string;
  onClose: () => void;
  /** The result to correct; absent when recording a new one. */
  result?: LabResult | undefined;
  /** A new result's starting test and date (from a finished lab appointment). */
  initial?: { test?: LabTest; date?: string } | undefined;
}) {
  const t = useT();
  const save = useSaveLabResult();
  const today = localDate(now, zone);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<LabResultInput, unknown, LabOutput>({
    resolver,
    defaultValues: result
      ? { test: result.test, value: result.value, unit: result.unit, date: result.date, notes: result.notes }
      : {
          test: initial?.test ?? 'hba1c',
          unit: LAB_TEST_RULES[initial?.test ?? 'hba1c'].units[0].unit,
          date: initial?.date ?? today,
          notes: '',
        },
  });
  const test = useWatch({ control, name: 'test' }) as LabTest;
  const units = LAB_TEST_RULES[test].units;
  const message = (label: string, error: { message?: string } | undefined) =>
    fieldMessage(t, label, error?.message, 'health');

  const submit = async (input: LabOutput) => {
    try {
      await save.mutateAsync({ ...(result ? { id: result.id } : {}), input });
      toast({ title: t('health-reports.log.success'), description: t('health-reports.labs.saved') });
      onClose();
    } catch {
      toast({
        title: t('health-reports.log.error'),
        description: t('health-reports.log.failed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t(result ? 'health-reports.labs.editTitle' : 'health-reports.labs.addTitle')}
    >
      <form noValidate className="space-y-4" onFocus={resolver.preload} onSubmit={handleSubmit(submit)}>
        <div>
          <Label htmlFor="lab-test">{t('health-reports.labs.test')}</Label>
          <Select
            id="lab-test"
            {...register('test', {
              onChange: (event: { target: { value: string } }) =>
                setValue('unit', LAB_TEST_RULES[event.target.value as LabTest].units[0].unit),
            })}
          >
            {LAB_TESTS.map((option) => (
              <option key={option} value={option}>
                {t(LAB_TEST_IDS[option])}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid grid-cols-fit gap-3">
          <div>
            <Label htmlFor="lab-value">{t('health-reports.labs.value')}</Label>
            <Input
              id="lab-value"
              type="number"
              inputMode="decimal"
              step="any"
              aria-invalid={errors.value ? true : undefined}
              aria-describedby={errors.value ? 'lab-value-error' : undefined}
              {...register('value', { setValueAs: toNumber })}
            />
            <FieldError id="lab-value-error" message={message(t('health-reports.labs.value'), errors.value)} />
          </div>
          <div>
            <Label htmlFor="lab-unit">{t('health-reports.labs.unit')}</Label>
            <Select id="lab-unit" {...register('unit')}>
              {units.map((rule) => (
                <option key={rule.unit} value={rule.unit}>
                  {rule.unit}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div>
          <Label htmlFor="lab-date">{t('health-reports.log.date')}</Label>
          <Input
            id="lab-date"
            type="date"
            max={today}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? 'lab-date-error' : undefined}
            {...register('date')}
          />
          <FieldError id="lab-date-error" message={message(t('health-reports.log.date'), errors.date)} />
        </div>
        <div>
          <Label htmlFor="lab-notes">{t('health-reports.labs.notes')}</Label>
          <Textarea id="lab-notes" rows={2} {...register('notes')} />
          <FieldError id="lab-notes-error" message={message(t('health-reports.labs.notes'), errors.notes)} />
        </div>
        <div className="button-row gap-3 pt-2">
          <Button variant="outline" onClick={onClose}>
            {t('health-reports.log.cancel')}
          </Button>
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            {t('health-reports.labs.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
