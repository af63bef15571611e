/**
 * Profile → Care circle: invite, the pending invitations (Revoke), the members with their role and
 * what they see (Edit, Remove after a confirm), the alert settings, and the audit, newest first.
 */
import type { CareAuditEntry, CareMember } from '@diacare/contract/care';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useLocale, type TranslateFunction } from '../../../lib/i18n/language-provider';
import { getAuditQueryOptions, getMembersQueryOptions, useRemoveMember } from '../api/care';
import { formatShortDateTime } from '@diacare/contract/dates';
import { useUserZone } from '../../../lib/auth/auth-provider';
import { ROLE_LABELS, channelsText, resourceLabel, scopeList } from './care-labels';
import { CareInvite } from './care-invite';
import { CarePendingInvitations } from './care-pending-invitations';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';

// Radix's dialog and the settings form load once Profile is idle, not with it (page weight).
const CareMemberEdit = lazyPreloaded(() =>
  import('./care-member-edit').then((module) => ({ default: module.CareMemberEdit })),
);
const CareSettingsForm = lazyPreloaded(() =>
  import('./care-settings-form').then((module) => ({ default: module.CareSettingsForm })),
);

function auditText(t: TranslateFunction, entry: CareAuditEntry): string {
  const name = entry.member_name ?? entry.actor_name;
  const role = entry.role ? t(ROLE_LABELS[entry.role]) : '';
  switch (entry.action) {
    case 'invite':
      return t('care.audit.invite', { role });
    case 'revoke':
      return t('care.audit.revoke', { role });
    case 'join':
      return t('care.audit.join', { name, role: entry.role ?? 'family' });
    case 'view':
      // The resource picks the words, so the Hindi verb agrees with it (दवाइयाँ देखीं, वज़न देखा).
      return t('care.audit.view', { name, resource: entry.resource ?? '', what: resourceLabel(t, entry.resource) });
    case 'change':
      return t('care.audit.change', { name });
    case 'remove':
      return t('care.audit.remove', { name });
    case 'mark_taken':
      return t('care.audit.mark_taken', { name });
    case 'unmark_taken':
      return t('care.audit.unmark_taken', { name });
    case 'alert':
      return t('care.audit.alert', { name, kind: entry.resource ?? '', channels: channelsText(t, entry.detail) });
    case 'alert_seen':
      return t('care.audit.alert_seen', { name, kind: entry.resource ?? '' });
    case 'review':
      return t('care.audit.review', { name });
    case 'share':
      return t('care.audit.share', { name });
  }
}

export function CareCircleSection() {
  const { t, intlLocale } = useLocale();
  const members = useQuery(getMembersQueryOptions());
  const audit = useQuery(getAuditQueryOptions());
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<CareMember | null>(null);
  const [editing, setEditing] = useState<CareMember | null>(null);
  const zone = useUserZone();

  const confirmRemove = async () => {
    if (!removing) return;
    const { id, name } = removing;
    setRemoving(null);
    try {
      await remove.mutateAsync(id);
      toast({ title: t('care.members.removed', { name }) });
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{t('care.intro')}</p>
      <CareInvite />
      <CarePendingInvitations />

      <div>
        <h3 className="mb-2 text-sm font-bold">{t('care.members.title')}</h3>
        {members.data?.length ? (
          <ul className="divide-y divide-slate-100" aria-label={t('care.members.title')}>
            {members.data.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-2 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere">{member.name}</p>
                  <p className="text-xs text-slate-500">
                    {t(ROLE_LABELS[member.role])} ·{' '}
                    {member.scopes.length
                      ? t('care.members.sees', { scopes: scopeList(t, member.scopes, intlLocale) })
                      : t('care.members.seesNothing')}
                  </p>
                  <p className="text-xs text-slate-500">
                    {[
                      member.can_mark_taken ? t('care.members.canMarkTaken') : null,
                      member.alerts ? t('care.members.alertsOn') : t('care.members.alertsOff'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={t('care.members.editLabel', { name: member.name })}
                  onClick={() => setEditing(member)}
                >
                  {t('care.members.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="dangerOutline"
                  aria-label={t('care.members.removeLabel', { name: member.name })}
                  onClick={() => setRemoving(member)}
                >
                  {t('care.members.remove')}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500" role={members.isError ? 'alert' : undefined}>
            {members.isPending
              ? t('common.loading')
              : members.isError
                ? t('care.members.loadFailed')
                : t('care.members.empty')}
          </p>
        )}
      </div>

      <Suspense fallback={<p className="text-sm text-slate-500">{t('common.loading')}</p>}>
        <CareSettingsForm />
      </Suspense>

      <div>
        <h3 className="mb-2 text-sm font-bold">{t('care.audit.title')}</h3>
        {audit.data?.length ? (
          <ol className="space-y-1 text-sm" aria-label={t('care.audit.title')}>
            {audit.data.map((entry) => (
              <li key={entry.id} className="flex flex-wrap justify-between gap-x-2">
                <span className="min-w-0 wrap-anywhere">{auditText(t, entry)}</span>
                <time dateTime={entry.at} className="text-xs text-slate-500">
                  {formatShortDateTime(new Date(entry.at), zone, intlLocale)}
                </time>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-500">{audit.isPending ? t('common.loading') : t('care.audit.empty')}</p>
        )}
      </div>

      {editing ? (
        <Suspense fallback={null}>
          <CareMemberEdit member={editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('care.members.removeTitle', { name: removing?.name ?? '' })}
        description={t('care.members.removeText', { name: removing?.name ?? '' })}
        confirmLabel={t('care.members.remove')}
        onConfirm={() => void confirmRemove()}
      />
    </div>
  );
}
