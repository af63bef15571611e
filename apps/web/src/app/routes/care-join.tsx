/**
 * /care/join/{token}: the consent screen. It names who invites, the role and
 * exactly what will be shared; 'Accept' joins, 'Not now' goes Home. A used, expired, unknown
 * or one's own link shows the server's sentence instead.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useLocation, useParams } from 'wouter';
import { Page, PageHeader } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { useLocale } from '../../lib/i18n/language-provider';
import { getInvitationQueryOptions, useAcceptInvitation } from '../../features/care/api/care';
import { SCOPE_LABELS } from '../../features/care/components/care-labels';

export function Component() {
  const { token = '' } = useParams<{ token: string }>();
  const { t, intlLocale } = useLocale();
  const [, navigate] = useLocation();
  // Always asked again: a link used or expired since it was last shown must say so.
  const invitation = useQuery({ ...getInvitationQueryOptions(token), refetchOnMount: 'always' });
  const accept = useAcceptInvitation();
  const join = useMutation({
    mutationFn: () => accept.mutateAsync(token),
    onSuccess: () => {
      toast({ title: t('care.join.accepted', { name: invitation.data?.inviter_name ?? '' }) });
      navigate('/home');
    },
  });
  const problem = (invitation.error ?? join.error) as Error | null;

  return (
    <Page>
      <PageHeader title={t('care.join.title')} backTo="/home" />
      <Card>
        {invitation.isPending || !invitation.isFetchedAfterMount ? (
          <p>{t('common.loading')}</p>
        ) : invitation.data && !invitation.error ? (
          <div className="space-y-4">
            <p className="flex items-start gap-3 text-lg font-semibold">
              <ShieldCheck className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden />
              <span>
                {t('care.join.invites', {
                  name: invitation.data.inviter_name,
                  role: invitation.data.role,
                })}
              </span>
            </p>
            <div>
              <p className="font-medium">{t('care.join.willSee')}</p>
              <ul className="mt-1 list-disc space-y-1 ps-6">
                {invitation.data.scopes.map((scope) => (
                  <li key={scope}>{t(SCOPE_LABELS[scope])}</li>
                ))}
              </ul>
            </div>
            <p className="text-sm text-slate-600">{t('care.join.never')}</p>
            <p className="text-sm text-slate-600">
              {t('care.join.expires', {
                date: new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(invitation.data.expires_at),
                ),
              })}
            </p>
            {join.error ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-700">
                {join.error.message}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button className="flex-1" onClick={() => join.mutate()} disabled={join.isPending}>
                {t('care.join.accept')}
              </Button>
              <Button className="flex-1" variant="outline" onClick={() => navigate('/home')}>
                {t('care.join.notNow')}
              </Button>
            </div>
          </div>
        ) : (
          <div role="alert" className="space-y-3">
            <p className="font-semibold">{t('care.join.loadFailed')}</p>
            <p className="text-sm text-slate-700">{problem?.message}</p>
            <Button variant="outline" onClick={() => navigate('/home')}>
              {t('care.patient.back')}
            </Button>
          </div>
        )}
      </Card>
    </Page>
  );
}
