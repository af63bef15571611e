/** What the three log forms share: number parsing, error texts, the buttons and the save step. */
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import type { MessageId } from '../../../lib/i18n/i18n';
import { fieldMessage } from '../../../lib/i18n/field-error';
import { useT, type TranslateFunction } from '../../../lib/i18n/language-provider';
import type { ReadingByKind, ReadingKind } from '../api/health';

/** The props of each log form. */
export interface FormProps<K extends ReadingKind = ReadingKind> {
  now: Date;
  zone: string;
  close: () => void;
  /** The reading to edit; absent when logging a new one. */
  reading?: ReadingByKind[K] | undefined;
}

/** A number input's value: '' → undefined (then 'is required'), else the number. */
export const toNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
/** An optional number input's value: '' → null. */
export const toNumberOrNull = (value: unknown) =>
  value === '' || value === undefined || value === null ? null : Number(value);

/** 'must be at most 600 mg/dL' → 'Value must be at most 600 mg/dL', in the active language. */
export const message = (t: TranslateFunction, label: MessageId, error: { message?: string } | undefined) =>
  fieldMessage(t, t(label), error?.message, 'health');

/** 'Save Reading' and Cancel. */
export function DialogButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
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
export async function saveReading(
  t: TranslateFunction,
  save: () => Promise<unknown>,
  close: () => void,
  edited = false,
) {
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
