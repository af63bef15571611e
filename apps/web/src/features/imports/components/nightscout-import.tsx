/**
 * 'Import readings' from a Nightscout site (decision 053): the site's address and a token
 * with the readable role; the server reads the last 90 days and answers a preview. Its error
 * (the server's sentence) is shown in the form, under its button, and announced.
 */
import type { ImportPreview } from '@diacare/contract/imports';
import { CloudDownload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/language-provider';
import { useNightscoutImport } from '../api/imports';

/** The form; `onPreview` receives the preview; `onError` is told the read failed (the form shows why). */
export function NightscoutImport({
  onPreview,
  onError,
}: {
  onPreview: (batch: ImportPreview) => void;
  onError: () => void;
}) {
  const t = useT();
  const id = useId();
  const read = useNightscoutImport();
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      onPreview(await read.mutateAsync({ url: url.trim(), token: token.trim() }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('your-data.import.failed'));
      onError();
    }
  };

  return (
    <form
      className="space-y-2 rounded-xl border border-slate-200 p-3"
      onSubmit={(event) => void submit(event)}
      data-testid="nightscout-import"
      aria-labelledby={`${id}-title`}
    >
      <p id={`${id}-title`} className="font-semibold">
        {t('your-data.import.nightscout.title')}
      </p>
      <p className="text-sm text-slate-600">{t('your-data.import.nightscout.intro')}</p>
      <div>
        <Label htmlFor={`${id}-url`}>{t('your-data.import.nightscout.url')}</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          autoComplete="url"
          spellCheck={false}
          aria-describedby={`${id}-url-hint`}
        />
        <p id={`${id}-url-hint`} className="mt-1 text-xs text-slate-600">
          {t('your-data.import.nightscout.urlHint')}
        </p>
      </div>
      <div>
        <Label htmlFor={`${id}-token`}>{t('your-data.import.nightscout.token')}</Label>
        <Input
          id={`${id}-token`}
          required
          value={token}
          onChange={(event) => setToken(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={`${id}-token-hint`}
        />
        <p id={`${id}-token-hint`} className="mt-1 text-xs text-slate-600">
          {t('your-data.import.nightscout.tokenHint')}
        </p>
      </div>
      <Button
        type="submit"
        size="sm"
        disabled={read.isPending}
        aria-busy={read.isPending}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <CloudDownload className="h-4 w-4" aria-hidden />
        {read.isPending ? t('your-data.import.nightscout.reading') : t('your-data.import.nightscout.submit')}
      </Button>
      <FieldError id={`${id}-error`} message={error ?? undefined} />
    </form>
  );
}
