/**
 * Add Medication and Edit Medication. Edit mode loads the
 * whole list and picks the route's id; a missing one goes back to /medications.
 */
import { localDate } from '@diacare/contract/dates';
import { MEDICATION_DEFAULTS } from '@diacare/contract/medication-options';
import type { Medication, MedicationInput } from '@diacare/contract/medications';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { Page, PageHeader } from '../../components/layout/page';
import { useT } from '../../lib/i18n/language-provider';
import { toast } from '../../components/ui/toast';
import { getMedicationsQueryOptions, useSaveMedication } from '../../features/medications/api/medications';
import { MedicationForm } from '../../features/medications/components/medication-form';
import { useUserZone } from '../../lib/auth/auth-provider';

/** docs/product.md: defaults for a new medication. */
function newMedicationValues(today: string): MedicationInput {
  return {
    name: '',
    dosage: '',
    form: MEDICATION_DEFAULTS.form,
    color: MEDICATION_DEFAULTS.color,
    instructions: '',
    when_to_take: null,
    schedule: {
      frequency: 'daily',
      times: [MEDICATION_DEFAULTS.firstTime],
      weekdays: [],
      start_date: today,
      end_date: null,
    },
    refill_reminder: {
      enabled: true,
      pills_remaining: MEDICATION_DEFAULTS.pillsRemaining,
      threshold: MEDICATION_DEFAULTS.threshold,
    },
    insulin_type: null,
  };
}

/** docs/product.md: on loading for edit, missing fields fall back (refill off when missing). */
function editValues(medication: Medication, today: string): MedicationInput {
  const schedule = medication.schedule;
  const refill = medication.refill_reminder;
  return {
    name: medication.name,
    dosage: medication.dosage,
    form: (medication.form || MEDICATION_DEFAULTS.form) as MedicationInput['form'],
    color: medication.color || MEDICATION_DEFAULTS.color,
    instructions: medication.instructions ?? '',
    when_to_take: (medication.when_to_take ?? null) as MedicationInput['when_to_take'],
    schedule: {
      frequency: schedule?.frequency ?? 'daily',
      times: schedule?.times?.length ? schedule.times : [MEDICATION_DEFAULTS.firstTime],
      weekdays: schedule?.weekdays ?? [],
      start_date: schedule?.start_date || today,
      end_date: null,
    },
    refill_reminder: {
      enabled: refill?.enabled ?? false,
      pills_remaining: refill?.pills_remaining ?? MEDICATION_DEFAULTS.pillsRemaining,
      threshold: refill?.threshold ?? MEDICATION_DEFAULTS.threshold,
    },
    insulin_type: medication.insulin_type ?? null,
  };
}

export function Component() {
  const { id } = useParams();
  const editing = Boolean(id);
  const [, navigate] = useLocation();
  const zone = useUserZone();
  const today = localDate(new Date(), zone);
  const medications = useQuery({ ...getMedicationsQueryOptions(), enabled: editing, refetchOnWindowFocus: false });
  const save = useSaveMedication(id);
  const medication = editing ? medications.data?.find((m) => m.id === id) : undefined;
  const notFound = editing && medications.isSuccess && !medication;
  const t = useT();

  useEffect(() => {
    if (notFound) {
      toast({ title: t('common.error'), description: t('medications.toast.notFound'), variant: 'destructive' });
      navigate('/medications', { replace: true });
    } else if (editing && medications.isError) {
      toast({ title: t('common.error'), description: t('medications.toast.loadFailed'), variant: 'destructive' });
    }
  }, [notFound, editing, medications.isError, navigate, t]);

  const onSubmit = async (values: MedicationInput) => {
    try {
      await save.mutateAsync(values);
      toast({
        title: t('common.success'),
        description: editing ? t('medications.toast.updated') : t('medications.toast.added'),
      });
      navigate('/medications');
    } catch {
      toast({
        title: t('common.error'),
        description: editing ? t('medications.toast.updateFailed') : t('medications.toast.addFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Page>
      <PageHeader
        title={editing ? t('medication-form.editTitle') : t('medications.addMedication')}
        backTo="/medications"
      />
      {editing && !medication ? (
        <p className="py-8 text-center text-slate-500">
          {medications.isError ? t('medications.toast.loadFailed') : t('common.loading')}
        </p>
      ) : (
        <MedicationForm
          key={medication?.id ?? 'new'}
          editing={editing}
          defaultValues={medication ? editValues(medication, today) : newMedicationValues(today)}
          onSubmit={onSubmit}
        />
      )}
    </Page>
  );
}
