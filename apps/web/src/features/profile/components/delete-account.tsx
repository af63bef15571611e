/**
 * Profile's 'Delete account': the user types DELETE to enable the button; then this device's push
 * stops, the account and its data are deleted on the server, local flags and caches are cleared and
 * the user lands on '/'. Decision 021.
 */
import { ACCOUNT_DELETION_WORD } from '@diacare/contract/account-deletion';
import { Trash2 } from 'lucide-react';
import { Suspense, useEffect, useId, useState } from 'react';
import { lazyPreloaded } from '../../../lib/lazy-preloaded';
import { useHash } from '../../../lib/navigation';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth/auth-provider';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';

/** Radix's dialog code loads once the screen is idle, not with it (every route ≤ 120 KB gzip). */
const Dialog = lazyPreloaded(() =>
  import('../../../components/ui/dialog').then((module) => ({ default: module.Dialog })),
);

/** The word to type; the server checks the same word. */
const WORD = ACCOUNT_DELETION_WORD;

/** What goes, in the user's words. */
const DELETED: MessageId[] = [
  'your-data.delete.item.profile',
  'your-data.delete.item.medicines',
  'your-data.delete.item.readings',
  'your-data.delete.item.appointments',
  'your-data.delete.item.notifications',
  'your-data.delete.item.assistant',
];

/** How many frames useScrollToHash waits for its section to be rendered (about 2 s). */
const SCROLL_WAIT_FRAMES = 120;

/**
 * Scrolls to the element the URL's #fragment names once the page has rendered it, so links such
 * as /profile#delete-account (from the Privacy Policy) land on their section. A section rendered
 * after the first paint (Later) is waited for, frame by frame.
 */
export function useScrollToHash(): void {
  const hash = useHash();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let frame = 0;
    let waited = 0;
    const scroll = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ block: 'start' });
      else if (++waited < SCROLL_WAIT_FRAMES) frame = requestAnimationFrame(scroll);
    };
    scroll();
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const { deleteAccount } = useAuth();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const ready = typed === WORD;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    try {
      await deleteAccount();
      toast({ title: t('your-data.delete.done'), description: t('your-data.delete.doneText') });
    } catch {
      setBusy(false);
      toast({
        title: t('your-data.delete.error'),
        description: t('your-data.delete.failed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="text-sm text-slate-700">
        <p>{t('your-data.delete.lead')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          {DELETED.map((item) => (
            <li key={item}>{t(item)}</li>
          ))}
        </ul>
        <p className="mt-2 font-medium text-slate-900">{t('your-data.delete.cannotUndo')}</p>
      </div>
      <div>
        <Label htmlFor={inputId}>{t('your-data.delete.typeToConfirm', { word: WORD })}</Label>
        <Input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
      </div>
      <div className="grid grid-cols-fit gap-3">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {t('your-data.delete.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={!ready || busy} aria-busy={busy}>
          {t(busy ? 'your-data.delete.deleting' : 'your-data.delete.button')}
        </Button>
      </div>
    </form>
  );
}

/** The Profile section with the 'Delete account' action; `id="delete-account"` for links. */
export function DeleteAccountSection() {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing animates and returns focus as Radix does.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  return (
    <section id="delete-account" aria-labelledby="delete-account-heading" className="mb-4 scroll-mt-4">
      <div className="rounded-3xl border border-red-200 bg-white p-4">
        <h2 id="delete-account-heading" className="mb-1 text-base font-bold">
          {t('your-data.delete.heading')}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t('your-data.delete.intro')}</p>
        <Button variant="dangerOutline" className="w-full" onClick={() => setOpen(true)}>
          <Trash2 className="h-5 w-5" aria-hidden />
          {t('your-data.delete.button')}
        </Button>
      </div>
      {opened ? (
        <Suspense fallback={null}>
          <Dialog open={open} onOpenChange={setOpen} title={t('your-data.delete.dialogTitle')}>
            {open ? <DeleteAccountForm onCancel={() => setOpen(false)} /> : null}
          </Dialog>
        </Suspense>
      ) : null}
    </section>
  );
}
