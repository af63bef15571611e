/**
 * Profile → Your data → 'Import readings': a LibreView or Dexcom Clarity CSV, or a Nightscout site;
 * the preview counts new and already-known readings and the rows refused by the typed-entry rule
 * (never added), 'Add readings' commits, and a committed import can be undone. A file's error is
 * shown under the file chooser (the Nightscout form shows its own). A preview not yet added or
 * discarded is shown again after a reload, from GET /api/imports (without the refused rows'
 * count, which only the upload's answer holds). Decisions 046, 053, 071.
 */
import { EARLIEST_READING_DATE } from '@diacare/contract/health-constants';
import type { ImportBatch, ImportPreview, ImportSkipReason } from '@diacare/contract/imports';
import { useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useLocale, useT } from '../../../lib/i18n/language-provider';
import { getImportsQueryOptions, useImportAction, useUploadImport } from '../api/imports';
import { NightscoutImport } from './nightscout-import';

const FORMAT_NAMES = { libreview: 'LibreView', dexcom: 'Dexcom Clarity', nightscout: 'Nightscout' } as const;

/** Each reason a row is refused (the contract's IMPORT_SKIP_REASONS, in its order), as its text's id. */
const SKIP_REASON_TEXTS = {
  out_of_range: 'your-data.import.skipped.outOfRange',
  future: 'your-data.import.skipped.future',
  too_early: 'your-data.import.skipped.tooEarly',
  invalid_date: 'your-data.import.skipped.invalidDate',
  invalid_value: 'your-data.import.skipped.invalidValue',
  malformed_row: 'your-data.import.skipped.malformedRow',
} as const satisfies Record<ImportSkipReason, string>;

/** A preview to show: the upload's answer (with its refused rows), or a pending batch from the list (without). */
type PendingPreview = ImportBatch & Partial<Pick<ImportPreview, 'skipped'>>;

export function ImportReadings() {
  const t = useT();
  const { intlLocale } = useLocale();
  const inputId = useId();
  const upload = useUploadImport();
  const action = useImportAction();
  const imports = useQuery(getImportsQueryOptions());
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const day = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(intlLocale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))
      : '—';
  const committed = (imports.data ?? []).filter((batch) => batch.status === 'committed');
  // The previews still pending on the server (after a reload too), the one just read first; the
  // list's copy of it is replaced by the answer, which also counts the refused rows.
  const listed = (imports.data ?? []).filter((batch) => batch.status === 'preview' && batch.id !== preview?.id);
  const previews: PendingPreview[] = preview ? [preview, ...listed] : listed;
  /** '2 outside the possible glucose range and 1 later than now': the refused rows by reason. */
  const skippedReasons = (skipped: ImportPreview['skipped']) =>
    new Intl.ListFormat(intlLocale, { type: 'conjunction' }).format(
      (Object.keys(SKIP_REASON_TEXTS) as ImportSkipReason[])
        .filter((reason) => skipped.reasons[reason] > 0)
        .map((reason) =>
          t(SKIP_REASON_TEXTS[reason], { count: skipped.reasons[reason], date: day(EARLIEST_READING_DATE) }),
        ),
    );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setPreview(null);
    try {
      setPreview(await upload.mutateAsync(file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('your-data.import.failed'));
    }
  };
  const act = async (batch: ImportBatch, kind: 'commit' | 'delete') => {
    try {
      const done = await action.mutateAsync({ id: batch.id, action: kind });
      if (batch.id === preview?.id) setPreview(null);
      toast({
        title: t('common.success'),
        description:
          kind === 'commit' ? t('your-data.import.added', { count: done.readings }) : t('your-data.import.removed'),
      });
    } catch {
      toast({ title: t('common.error'), description: t('your-data.import.failed'), variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-3" data-testid="import-readings">
      <p className="text-sm text-slate-600">{t('your-data.import.intro')}</p>
      <div>
        <label
          htmlFor={inputId}
          className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-xl border border-dashed border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-primary"
        >
          <Upload className="h-4 w-4" aria-hidden />
          {upload.isPending ? t('your-data.import.reading') : t('your-data.import.choose')}
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <FieldError id={`${inputId}-error`} message={error ?? undefined} />
      </div>
      <NightscoutImport
        onPreview={(batch) => {
          setError(null);
          setPreview(batch);
        }}
        onError={() => setPreview(null)}
      />
      {previews.map((batch) => (
        <div
          key={batch.id}
          className="rounded-xl border border-slate-200 p-3"
          data-testid="import-preview"
          role="status"
        >
          <p className="font-semibold">{FORMAT_NAMES[batch.format]}</p>
          <p className="text-sm text-slate-700">
            {t('your-data.import.preview', { count: batch.readings, from: day(batch.from), to: day(batch.to) })}
          </p>
          <p className="text-sm text-slate-600">{t('your-data.import.duplicates', { count: batch.duplicates })}</p>
          {batch.skipped && batch.skipped.count > 0 ? (
            <p className="text-sm text-amber-800" data-testid="import-skipped">
              {t('your-data.import.skipped', { count: batch.skipped.count, reasons: skippedReasons(batch.skipped) })}
            </p>
          ) : null}
          <div className="button-row mt-2 gap-2">
            <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => void act(batch, 'delete')}>
              {t('your-data.import.discard')}
            </Button>
            <Button
              size="sm"
              disabled={batch.readings === 0 || action.isPending}
              onClick={() => void act(batch, 'commit')}
            >
              {t('your-data.import.commit')}
            </Button>
          </div>
        </div>
      ))}
      {committed.length ? (
        <ul className="space-y-2" aria-label={t('your-data.import.history')}>
          {committed.map((batch) => (
            <li key={batch.id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {t('your-data.import.done', {
                  count: batch.readings,
                  format: FORMAT_NAMES[batch.format],
                  date: day(batch.created_at),
                })}
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={action.isPending}
                onClick={() => void act(batch, 'delete')}
                aria-label={t('your-data.import.undoLabel', {
                  format: FORMAT_NAMES[batch.format],
                  date: day(batch.created_at),
                })}
              >
                {t('your-data.import.undo')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
