/**
 * /care/share/{code}: a patient opened a doctor's clinic code (decision 087). It names who asks
 * and what they ask to see; signed out it offers sign-in, which comes back here; signed in the
 * patient ticks what to share (all that was asked, to begin with) and shares, or says not now.
 * The doctor is then in their care circle, where they change or remove them as any member.
 */
import type { CareScope } from '@diacare/contract/care';
import type { CareRequestPreview } from '@diacare/contract/care-requests';
import { formatShortDateTime } from '@diacare/contract/dates';
import { isProfileComplete } from '@diacare/contract/profile-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { Page, PageHeader } from '../../components/layout/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { signInUrl } from '../../lib/auth/auth-api';
import { useAuth, useUserZone } from '../../lib/auth/auth-provider';
import { meetsAccess } from '../../lib/auth/require-auth';
import { useSessionCode } from '../../lib/auth/use-session-code';
import { LanguageChoice } from '../../lib/i18n/language-choice';
import { useLocale } from '../../lib/i18n/language-provider';
import { setFlag } from '../../lib/local-flags';
import { clinicCodePreviewQuery, patientListKeys, useShareWithClinic } from '../../features/care/api/patient-list';
import { SCOPE_LABELS } from '../../features/care/components/care-labels';
import { ScopeChecklist } from '../../features/care/components/scope-checklist';

/** Who asks, and the scopes to share as checkboxes (all ticked at first). */
function ShareForm({ code, request }: { code: string; request: CareRequestPreview }) {
  const { t, intlLocale } = useLocale();
  const zone = useUserZone();
  const [, navigate] = useLocation();
  const share = useShareWithClinic();
  const [scopes, setScopes] = useState<CareScope[]>(request.scopes);
  const toggle = (scope: CareScope, on: boolean) =>
    setScopes((current) => request.scopes.filter((s) => (s === scope ? on : current.includes(s))));
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await share.mutateAsync({ code, scopes });
      toast({ title: t('care.share.done', { name: request.requester_name }) });
      navigate(meetsAccess('profile') ? '/profile' : '/home', { replace: true });
    } catch {
      // Shown below the form from the mutation's error.
    }
  };
  return (
    <form onSubmit={submit} className="space-y-4">
      <ScopeChecklist
        legend={t('care.share.choose')}
        options={request.scopes}
        selected={scopes}
        onToggle={toggle}
        legendClassName="mb-1 font-medium"
        labelClassName=""
      />
      <p className="text-sm text-slate-600">{t('care.share.never')}</p>
      <p className="text-sm text-slate-600">
        {t('care.share.codeUntil', { date: formatShortDateTime(new Date(request.expires_at), zone, intlLocale) })}
      </p>
      {share.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {share.error.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="flex-1" disabled={share.isPending || scopes.length === 0}>
          {t('care.share.accept')}
        </Button>
        <Button className="flex-1" variant="outline" onClick={() => navigate('/home')}>
          {t('care.join.notNow')}
        </Button>
      </div>
    </form>
  );
}

export function Component() {
  const { code = '' } = useParams<{ code: string }>();
  const { t, language } = useLocale();
  const { status } = useAuth();
  const [pathname, navigate] = useLocation();
  const queryClient = useQueryClient();
  const signIn = useSessionCode((user) => {
    if (isProfileComplete(user)) setFlag('profileCompleted', true);
    void queryClient.invalidateQueries({ queryKey: patientListKeys.code(code) });
  });
  const request = useQuery({ ...clinicCodePreviewQuery(code), refetchOnMount: 'always' });
  const signedIn = status === 'signed-in';
  const signedOut = status === 'signed-out' && !signIn.signingIn;
  const elsewhere = meetsAccess('circle') ? '/home' : signedIn ? '/profile-setup' : '/';

  return (
    <Page>
      {signedOut ? <LanguageChoice className="mb-2 justify-end" /> : null}
      <PageHeader title={t('care.share.title')} />
      <Card>
        {signIn.signingIn || status === 'loading' || request.isPending ? (
          <p role="status">{t('common.loading')}</p>
        ) : request.data ? (
          <div className="space-y-4">
            <p className="flex items-start gap-3 text-lg font-semibold">
              <ShieldCheck className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden />
              <span className="min-w-0 wrap-break-word">
                {t('care.share.asks', { name: request.data.requester_name })}
              </span>
            </p>
            {signedOut ? (
              <div className="space-y-2">
                <ul className="list-disc space-y-1 ps-6">
                  {request.data.scopes.map((scope) => (
                    <li key={scope}>{t(SCOPE_LABELS[scope])}</li>
                  ))}
                </ul>
                <p className="text-sm text-slate-700">{t('care.share.signInFirst')}</p>
                <a href={signInUrl(language, pathname)} className={`${buttonClasses('primary')} w-full`}>
                  {t('care.share.signIn')}
                </a>
              </div>
            ) : (
              <ShareForm code={code} request={request.data} />
            )}
          </div>
        ) : (
          <div role="alert" className="space-y-3">
            <p className="font-semibold">{t('care.share.loadFailed')}</p>
            <p className="text-sm text-slate-700">{(request.error as Error | null)?.message}</p>
            <Button variant="outline" onClick={() => navigate(elsewhere)}>
              {signedOut ? t('care.join.toApp') : t('care.patient.back')}
            </Button>
          </div>
        )}
      </Card>
    </Page>
  );
}
