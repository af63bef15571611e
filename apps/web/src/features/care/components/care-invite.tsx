/**
 * Profile → Care circle → Invite: choose the role, what they will see and (family) whether they
 * may mark doses taken, then share the single-use link through the phone's share sheet (or a
 * WhatsApp link where there is none), copy it, or show it as a QR code (the `qrcode` library
 * loads only when asked for).
 */
import type { CareRole, CareScope, Invitation } from '@diacare/contract/care';
import { Copy, MessageCircle, QrCode, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { formatShortDateTime } from '@diacare/contract/dates';
import { useAuth, useUserZone } from '../../../lib/auth/auth-provider';
import { useLocale } from '../../../lib/i18n/language-provider';
import { useCreateInvitation } from '../api/care';
import { DEFAULT_SCOPES, ROLE_LABELS, SCOPES, scopeList } from './care-labels';
import { ScopeChecklist } from './scope-checklist';

/** WhatsApp's click-to-chat address with `text` filled in: the person picks the chat. */
const whatsAppLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

export function CareInvite() {
  const { t, intlLocale } = useLocale();
  const { user } = useAuth();
  const zone = useUserZone();
  const create = useCreateInvitation();
  const [role, setRole] = useState<CareRole>('family');
  const [scopes, setScopes] = useState<CareScope[]>([...DEFAULT_SCOPES.family]);
  const [markTaken, setMarkTaken] = useState(false);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const headingId = useId();
  const markTakenHintId = useId();
  const qrId = useId();
  // Web Share where the browser has it (the phone's sheet lists WhatsApp); else a WhatsApp link.
  const canShare = typeof navigator !== 'undefined' && 'share' in navigator;

  const chooseRole = (next: CareRole) => {
    setRole(next);
    setScopes([...DEFAULT_SCOPES[next]]);
    if (next !== 'family') setMarkTaken(false);
  };
  const toggle = (scope: CareScope, on: boolean) =>
    setScopes((current) => SCOPES.filter((s) => (s === scope ? on : current.includes(s))));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setQr(null);
    try {
      setInvitation(await create.mutateAsync({ role, scopes, can_mark_taken: role === 'family' && markTaken }));
    } catch (error) {
      toast({
        title: t('common.error'),
        description: t('care.invite.failed', { message: (error as Error).message }),
        variant: 'destructive',
      });
    }
  };

  const share = async (text: string, url: string) => {
    try {
      await navigator.share({ title: t('care.invite.shareText', { name: user?.name ?? '' }), text, url });
    } catch {
      // Dismissed, or the share sheet failed: the link is still on screen to copy.
    }
  };
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    toast({ title: t('care.invite.copied') });
  };
  const toggleQr = async (url: string) => {
    if (qr) return setQr(null);
    const { toDataURL } = await import('qrcode');
    setQr(await toDataURL(url, { margin: 1, width: 240 }));
  };

  // The app's one care date format ('6 Dec, 02:12'), in the inviter's zone.
  const until = invitation ? formatShortDateTime(new Date(invitation.expires_at), zone, intlLocale) : '';
  // Who invites, what for, and (after it) the link: what the message says in WhatsApp.
  const message = invitation
    ? invitation.scopes.length
      ? t('care.invite.whatsappText', {
          name: user?.name ?? '',
          scopes: scopeList(t, invitation.scopes, intlLocale),
          markTaken: invitation.can_mark_taken ? 'yes' : 'no',
          date: until,
        })
      : t('care.invite.whatsappTextNothing', { name: user?.name ?? '', date: until })
    : '';

  return (
    <div aria-labelledby={headingId} role="group" className="space-y-3">
      <h3 id={headingId} className="text-sm font-bold">
        {t('care.invite.title')}
      </h3>
      <form onSubmit={submit} className="space-y-3">
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{t('care.invite.role')}</legend>
          <div className="flex flex-wrap gap-2">
            {(['family', 'doctor'] as const).map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-3 has-checked:border-primary has-checked:bg-teal-50"
              >
                <input
                  type="radio"
                  name="care-role"
                  value={option}
                  checked={role === option}
                  onChange={() => chooseRole(option)}
                  className="h-4 w-4 accent-primary"
                />
                {t(ROLE_LABELS[option])}
              </label>
            ))}
          </div>
        </fieldset>
        <ScopeChecklist legend={t('care.invite.scopes')} options={SCOPES} selected={scopes} onToggle={toggle} />
        {role === 'family' ? (
          <label className="flex min-h-11 cursor-pointer items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={markTaken}
              onChange={(event) => setMarkTaken(event.target.checked)}
              aria-describedby={markTakenHintId}
              className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
            />
            <span>
              <span className="font-medium">{t('care.edit.markTaken')}</span>
              <span id={markTakenHintId} className="block text-xs text-slate-500">
                {t('care.edit.markTakenHint')}
              </span>
            </span>
          </label>
        ) : null}
        <Button type="submit" className="w-full" disabled={create.isPending}>
          {create.isPending ? t('care.invite.creating') : t('care.invite.create')}
        </Button>
      </form>

      {invitation ? (
        <div className="space-y-2 rounded-xl bg-slate-50 p-3" aria-live="polite">
          <p className="text-sm">{t('care.invite.ready', { date: until })}</p>
          <p className="rounded-lg bg-white p-2 font-mono text-xs wrap-anywhere" data-testid="care-invite-url">
            {invitation.url}
          </p>
          <div className="flex flex-wrap gap-2">
            {canShare ? (
              <Button size="sm" onClick={() => void share(message, invitation.url)}>
                <Share2 className="h-4 w-4" aria-hidden />
                {t('care.invite.share')}
              </Button>
            ) : (
              <a
                href={whatsAppLink(`${message} ${invitation.url}`)}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('primary', 'sm')}
              >
                <MessageCircle className="h-4 w-4" aria-hidden />
                {t('care.invite.whatsapp')}
              </a>
            )}
            <Button size="sm" variant="outline" onClick={() => void copy(invitation.url)}>
              <Copy className="h-4 w-4" aria-hidden />
              {t('care.invite.copy')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-expanded={qr !== null}
              aria-controls={qrId}
              onClick={() => void toggleQr(invitation.url)}
            >
              <QrCode className="h-4 w-4" aria-hidden />
              {qr ? t('care.invite.qrHide') : t('care.invite.qr')}
            </Button>
          </div>
          <div id={qrId}>
            {qr ? <img src={qr} alt={t('care.invite.qrAlt')} width={240} height={240} className="mx-auto" /> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
