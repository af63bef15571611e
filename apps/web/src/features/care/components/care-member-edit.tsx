/**
 * Profile → Care circle → Edit a member: what they see, whether they may mark a dose taken
 * on the patient's behalf (off by default) and whether they get care alerts (decision 048).
 */
import type { CareMember, CareScope } from '@diacare/contract/care';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast';
import { useLocale } from '../../../lib/i18n/language-provider';
import { useUpdateMember } from '../api/care';
import { SCOPE_LABELS, SCOPES } from './care-labels';

function MemberForm({ member, onDone }: { member: CareMember; onDone: () => void }) {
  const { t } = useLocale();
  const update = useUpdateMember();
  const [scopes, setScopes] = useState<CareScope[]>(member.scopes);
  const [canMarkTaken, setCanMarkTaken] = useState(member.can_mark_taken);
  const [alerts, setAlerts] = useState(member.alerts);
  const id = useId();
  const toggle = (scope: CareScope, on: boolean) =>
    setScopes((current) => SCOPES.filter((s) => (s === scope ? on : current.includes(s))));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: member.id, scopes, can_mark_taken: canMarkTaken, alerts });
      toast({ title: t('care.edit.saved', { name: member.name }) });
      onDone();
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('care.invite.scopes')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {SCOPES.map((scope) => (
            <label key={scope} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5 accent-primary"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              {t(SCOPE_LABELS[scope])}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center justify-between gap-3">
        <span>
          <label htmlFor={`${id}-mark`} className="block text-sm font-medium">
            {t('care.edit.markTaken')}
          </label>
          <span id={`${id}-mark-hint`} className="block text-xs text-slate-500">
            {t('care.edit.markTakenHint')}
          </span>
        </span>
        <Switch
          id={`${id}-mark`}
          checked={canMarkTaken}
          aria-describedby={`${id}-mark-hint`}
          onCheckedChange={setCanMarkTaken}
        />
      </div>
      <div className="flex items-center justify-between gap-3">
        <span>
          <label htmlFor={`${id}-alerts`} className="block text-sm font-medium">
            {t('care.edit.alerts')}
          </label>
          <span id={`${id}-alerts-hint`} className="block text-xs text-slate-500">
            {t('care.edit.alertsHint')}
          </span>
        </span>
        <Switch
          id={`${id}-alerts`}
          checked={alerts}
          aria-describedby={`${id}-alerts-hint`}
          onCheckedChange={setAlerts}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('common.saving') : t('care.edit.save')}
        </Button>
      </div>
    </form>
  );
}

/** The edit dialog for `member` (closed when null). */
export function CareMemberEdit({ member, onClose }: { member: CareMember | null; onClose: () => void }) {
  const { t } = useLocale();
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('care.edit.title', { name: member?.name ?? '' })}
    >
      {member ? <MemberForm key={member.id} member={member} onDone={onClose} /> : null}
    </Dialog>
  );
}
