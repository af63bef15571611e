/**
 * The three log dialogs of Reports (docs/product.md, Reports): the
 * dialog closes on success or Cancel and stays open on failure; given a reading it edits it (PUT).
 */
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import type { ReadingByKind, ReadingKind } from '../api/health';
import { BloodPressureForm } from './blood-pressure-log-form';
import { GlucoseForm } from './glucose-log-form';
import type { FormProps } from './log-form-parts';
import { WeightForm } from './weight-log-form';

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
