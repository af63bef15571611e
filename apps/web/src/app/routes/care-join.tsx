/**
 * /care/join/{token}: the consent screen, from one link start to finish (decision 076). Signed
 * out it names who invites, the role and what will be shared, and offers sign-in, which comes
 * back here; signed in, 'Accept' joins with no patient profile needed, then the alerts step.
 * A used, expired, unknown or one's own link shows the server's sentence instead.
 */
import { isProfileComplete } from '@diacare/contract/profile-rules';
import type { InvitationPreview } from '@diacare/contract/care';
import { formatShortDateTime } from '@diacare/contract/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { Page, PageHeader } from '../../components/layout/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { signInUrl } from '../../lib/auth/auth-api';
import { useAuth, useUserZone } from '../../lib/auth/auth-provider';
import { meetsAccess } from '../../lib/auth/require-auth';
import { useSessionCode } from '../../lib/auth/use-session-code';
import { LanguageChoice } from '../../lib/i18n/language-choice';
import { useLocale } from '../../lib/i18n/language-provider';
import { setFlag } from '../../lib/local-flags';
import { careKeys, getInvitationQueryOptions, useAcceptInvitation } from '../../features/care/api/care';
import { syncCareMember } from '../../features/care/api/patients';
import { SCOPE_LABELS } from '../../features/care/components/care-labels';
import { JoinAlertsStep } from './care-join-alerts';

/** Who invites, as what, what they will see, whether they may mark doses taken, and until when. */
function InvitationText({ invitation }: { invitation: InvitationPreview }) {
  const { t, intlLocale } = useLocale();
  const zone = useUserZone();
  return (
    <>
      <p className="flex items-start gap-3 text-lg font-semibold">
        <ShieldCheck className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden />
        <span className="min-w-0 wrap-break-word">
          {t('care.join.invites', { name: invitation.inviter_name, role: invitation.role })}
        </span>
      </p>
      <div>
        <p className="font-medium">{t('care.join.willSee')}</p>
        <ul className="mt-1 list-disc space-y-1 ps-6">
          {invitation.scopes.map((scope) => (
            <li key={scope}>{t(SCOPE_LABELS[scope])}</li>
          ))}
        </ul>
      </div>
      {invitation.can_mark_taken ? <p className="font-medium">{t('care.join.mayMarkTaken')}</p> : null}
      <p className="text-sm text-slate-600">
        {t(invitation.can_mark_taken ? 'care.join.neverMarkTaken' : 'care.join.never')}
      </p>
      <p className="text-sm text-slate-600">
        {t('care.join.expires', {
          // The app's one care date format ('6 Dec, 02:12'), in the reader's zone.
          date: formatShortDateTime(new Date(invitation.expires_at), zone, intlLocale),
        })}
      </p>
    </>
  );
}

export function Component() {
  const { token = '' } = useParams<{ token: string }>();
  const { t, language } = useLocale();
  const { status } = useAuth();
  const [pathname, navigate] = useLocation();
  const queryClient = useQueryClient();
  // Back from sign-in: the session, then the preview again as this person (their own link is refused).
  const signIn = useSessionCode((user) => {
    if (isProfileComplete(user)) setFlag('profileCompleted', true);
    void syncCareMember().catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: careKeys.invitation(token) });
  });
  // Always asked again: a link used or expired since it was last shown must say so.
  const invitation = useQuery({ ...getInvitationQueryOptions(token), refetchOnMount: 'always' });
  const accept = useAcceptInvitation();
  const [joined, setJoined] = useState<string | null>(null);
  const join = useMutation({
    mutationFn: () => accept.mutateAsync(token),
    onSuccess: () => {
      setFlag('careMember', true);
      setJoined(invitation.data?.inviter_name ?? '');
    },
  });
  const signedIn = status === 'signed-in';
  const signedOut = status === 'signed-out' && !signIn.signingIn;
  const elsewhere = meetsAccess('circle') ? '/home' : signedIn ? '/profile-setup' : '/';
  const problem = (invitation.error ?? join.error) as Error | null;

  if (joined !== null) {
    return (
      <Page>
        <JoinAlertsStep patientName={joined} onDone={() => navigate('/home', { replace: true })} />
      </Page>
    );
  }

  return (
    <Page>
      {signedOut ? <LanguageChoice className="mb-2 justify-end" /> : null}
      <PageHeader title={t('care.join.title')} backTo={signedIn && meetsAccess('circle') ? '/home' : undefined} />
      {signIn.failed ? (
        <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-sm text-red-700">
          {t('care.join.signInFailed')}
        </p>
      ) : null}
      <Card>
        {signIn.signingIn || status === 'loading' || invitation.isPending || !invitation.isFetchedAfterMount ? (
          <p role="status">{signIn.signingIn ? t('care.join.signingIn') : t('common.loading')}</p>
        ) : invitation.data && !invitation.error ? (
          <div className="space-y-4">
            <InvitationText invitation={invitation.data} />
            {join.error ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
                {join.error.message}
              </p>
            ) : null}
            {signedOut ? (
              <div className="space-y-2 border-t border-slate-100 pt-4">
                <p className="text-sm text-slate-700">{t('care.join.signInFirst')}</p>
                <a href={signInUrl(language, pathname)} className={`${buttonClasses('primary')} w-full`}>
                  {t('care.join.signIn')}
                </a>
                <p className="text-xs text-slate-600">{t('care.join.noProfileNeeded')}</p>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button className="flex-1" onClick={() => join.mutate()} disabled={join.isPending || !signedIn}>
                  {t('care.join.accept')}
                </Button>
                <Button className="flex-1" variant="outline" onClick={() => navigate(elsewhere)}>
                  {t('care.join.notNow')}
                </Button>
              </div>
            )}
          </div>
        ) : (
          <div role="alert" className="space-y-3">
            <p className="font-semibold">{t('care.join.loadFailed')}</p>
            <p className="text-sm text-slate-700">{problem?.message}</p>
            <Button variant="outline" onClick={() => navigate(elsewhere)}>
              {signedOut ? t('care.join.toApp') : t('care.patient.back')}
            </Button>
          </div>
        )}
      </Card>
    </Page>
  );
}
