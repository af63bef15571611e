/**
 * Profile → Care circle → Pending invitations: each link not yet used, what it shares and when it
 * expires, with Revoke (after a confirm) so a link sent to the wrong person stops working at once.
 */
import type { PendingInvitation } from '@diacare/contract/care';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { formatShortDateTime } from '@diacare/contract/dates';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { useLocale } from '../../../lib/i18n/language-provider';
import { getPendingInvitationsQueryOptions, useRevokeInvitation } from '../api/care';
import { ROLE_LABELS, scopeList } from './care-labels';

export function CarePendingInvitations() {
  const { t, intlLocale } = useLocale();
  const invitations = useQuery(getPendingInvitationsQueryOptions());
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<PendingInvitation | null>(null);
  const headingId = useId();
  const zone = useUserZone();
  const expiresOn = (invitation: PendingInvitation) =>
    formatShortDateTime(new Date(invitation.expires_at), zone, intlLocale);

  const confirmRevoke = async () => {
    if (!revoking) return;
    const { id } = revoking;
    setRevoking(null);
    try {
      await revoke.mutateAsync(id);
      toast({ title: t('care.pending.revoked') });
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <div>
      <h3 id={headingId} className="mb-2 text-sm font-bold">
        {t('care.pending.title')}
      </h3>
      {invitations.data?.length ? (
        <ul className="divide-y divide-slate-100" aria-labelledby={headingId}>
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{t(ROLE_LABELS[invitation.role])}</p>
                <p className="text-xs text-slate-500">
                  {invitation.scopes.length
                    ? t('care.pending.willSee', { scopes: scopeList(t, invitation.scopes, intlLocale) })
                    : t('care.pending.seesNothing')}
                </p>
                {invitation.can_mark_taken ? (
                  <p className="text-xs text-slate-500">{t('care.pending.canMarkTaken')}</p>
                ) : null}
                <p className="text-xs text-slate-500">
                  <time dateTime={invitation.expires_at}>
                    {t('care.pending.expires', { date: expiresOn(invitation) })}
                  </time>
                </p>
              </div>
              <Button
                size="sm"
                variant="dangerOutline"
                aria-label={t('care.pending.revokeLabel', {
                  role: t(ROLE_LABELS[invitation.role]),
                  date: expiresOn(invitation),
                })}
                onClick={() => setRevoking(invitation)}
              >
                {t('care.pending.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500" role={invitations.isError ? 'alert' : undefined}>
          {invitations.isPending
            ? t('common.loading')
            : invitations.isError
              ? t('care.pending.loadFailed')
              : t('care.pending.empty')}
        </p>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={t('care.pending.revokeTitle')}
        description={t('care.pending.revokeText')}
        confirmLabel={t('care.pending.revoke')}
        onConfirm={() => void confirmRevoke()}
      />
    </div>
  );
}
