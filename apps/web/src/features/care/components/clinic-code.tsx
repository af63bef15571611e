/**
 * The Patients screen's clinic code (decision 087): a link and QR code the doctor shows so a
 * patient can share with them; what it asks for, until when, Copy, and Withdraw. The `qrcode`
 * library loads only when a code is shown, as the invitation's does.
 */
import type { CareScope } from '@diacare/contract/care';
import type { CareRequest } from '@diacare/contract/care-requests';
import { formatShortDateTime } from '@diacare/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { Copy, QrCode } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { useLocale } from '../../../lib/i18n/language-provider';
import { clinicCodesQuery, useCreateClinicCode, useWithdrawClinicCode } from '../api/patient-list';
import { DEFAULT_SCOPES, SCOPES, scopeList } from './care-labels';
import { ScopeChecklist } from './scope-checklist';

/** One live code: its QR code, link, what it asks, until when, Copy and Withdraw. */
function LiveCode({ code }: { code: CareRequest }) {
  const { t, intlLocale } = useLocale();
  const zone = useUserZone();
  const withdraw = useWithdrawClinicCode();
  const [qr, setQr] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(code.url, { margin: 1, width: 240 }))
      .then((url) => live && setQr(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [code.url]);
  const copy = async () => {
    await navigator.clipboard.writeText(code.url);
    toast({ title: t('care.invite.copied') });
  };
  return (
    <div className="space-y-2 rounded-xl bg-slate-50 p-3">
      {qr ? (
        <img src={qr} alt={t('care.clinic.qrAlt')} width={240} height={240} className="mx-auto" />
      ) : (
        <QrCode className="mx-auto h-16 w-16 text-slate-400" aria-hidden />
      )}
      <p className="rounded-lg bg-white p-2 font-mono text-xs wrap-anywhere" data-testid="clinic-code-url">
        {code.url}
      </p>
      <p className="text-sm">
        {t('care.clinic.asks', { scopes: scopeList(t, code.scopes, intlLocale) })}{' '}
        {t('care.clinic.until', { date: formatShortDateTime(new Date(code.expires_at), zone, intlLocale) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {t('care.invite.copy')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)} disabled={withdraw.isPending}>
          {t('care.clinic.withdraw')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('care.clinic.withdrawTitle')}
        description={t('care.clinic.withdrawText')}
        confirmLabel={t('care.clinic.withdraw')}
        onConfirm={() => {
          setConfirming(false);
          withdraw.mutate(code.id);
        }}
      />
    </div>
  );
}

export function ClinicCode() {
  const { t } = useLocale();
  const codes = useQuery(clinicCodesQuery());
  const create = useCreateClinicCode();
  const [scopes, setScopes] = useState<CareScope[]>([...DEFAULT_SCOPES.doctor]);
  const headingId = useId();
  const toggle = (scope: CareScope, on: boolean) =>
    setScopes((current) => SCOPES.filter((s) => (s === scope ? on : current.includes(s))));
  const make = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync(scopes);
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };
  const live = codes.data?.[0];
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <Card>
        <h2 id={headingId} className="text-base font-bold">
          {t('care.clinic.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('care.clinic.intro')}</p>
        <div className="mt-3" aria-live="polite">
          {codes.isPending ? (
            <p role="status">{t('common.loading')}</p>
          ) : codes.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {codes.error.message}
            </p>
          ) : live ? (
            <LiveCode code={live} />
          ) : (
            <form onSubmit={make} className="space-y-3">
              <ScopeChecklist legend={t('care.clinic.scopes')} options={SCOPES} selected={scopes} onToggle={toggle} />
              <Button type="submit" className="w-full" disabled={create.isPending || scopes.length === 0}>
                {t('care.clinic.make')}
              </Button>
            </form>
          )}
        </div>
      </Card>
    </section>
  );
}
