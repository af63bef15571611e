/** Profile and settings; short for a caregiver without a patient profile (decision 076). */
import { ChevronRight, CircleHelp, Download, FileText, LogOut, Mail, Phone, ShieldCheck } from 'lucide-react';
import type { User } from '@diacare/contract/users';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyPreloaded } from '../../lib/lazy-preloaded';
import { Link } from '../../lib/navigation';
import { Later } from '../../components/layout/later';
import { Page, PageHeader } from '../../components/layout/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useAppConfig } from '../../lib/app-config';
import { InstallInstructions } from '../../features/install/components/install-instructions';
import { DeleteAccountSection, useScrollToHash } from '../../features/profile/components/delete-account';
import { NotificationPreferences } from '../../features/profile/components/notification-preferences';
import { GlucoseUnitChoice } from '../../features/profile/components/glucose-unit-choice';
import { ThemeChoice } from '../../features/profile/components/theme-choice';
import { DataExport } from '../../features/export/components/data-export';
import { ImportReadings } from '../../features/imports/components/import-readings';
import { CareCircleSection } from '../../features/care/components/care-circle-section';
import { useUpdateUser } from '../../features/profile/api/profile';
import { profileMark } from '../../lib/auth/profile-outbox';
import { useAuth } from '../../lib/auth/auth-provider';
import { isCaregiverOnly } from '../../lib/auth/require-auth';
import { loadCatalogs, type Language } from '../../lib/i18n/i18n';
import { LanguageChoice } from '../../lib/i18n/language-choice';
import { startLanguageSave } from '../../lib/i18n/profile-language';
import { useT } from '../../lib/i18n/language-provider';
import { PendingMark } from '../../components/ui/pending-mark';
import { usePendingCount, usePendingMarks } from '../../lib/offline/use-outbox';
import { pendingCountLoaded } from '../../lib/offline/lazy-outbox';

/**
 * Radix's dialog code and the install help's texts load once the screen is idle, not with it
 * (every route ≤ 120 KB gzip, bench/page-weight.mjs; lazyPreloaded).
 */
const Dialog = lazyPreloaded(() =>
  Promise.all([import('../../components/ui/dialog'), loadCatalogs(['install'])]).then(([module]) => ({
    default: module.Dialog,
  })),
);

function Section({ id: name, title, children }: { id: string; title: string; children: ReactNode }) {
  const id = `section-${name}`;
  return (
    <section aria-labelledby={id} className="mb-4">
      <Card>
        <h2 id={id} className="mb-3 text-base font-bold">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

const rowClasses =
  'flex min-h-12 w-full items-center gap-3 rounded-xl px-1 py-2 text-left text-sm font-medium hover:bg-slate-50';

/** Account Information: name and phone are editable; the email is not. */
function AccountForm({ user }: { user: User | null }) {
  const updateUser = useUpdateUser();
  const [name, setName] = useState(user?.name ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const t = useT();
  const pending = usePendingMarks();
  const waiting = pending.has(profileMark('name')) || pending.has(profileMark('phone'));

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await updateUser.mutateAsync({ name, phone: phone.trim() === '' ? null : phone });
      toast({ title: t('common.success'), description: t('profile.toast.updated') });
    } catch {
      toast({ title: t('common.error'), description: t('profile.toast.updateFailed'), variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={save} className="space-y-3">
      <div>
        <Label htmlFor="full-name">{t('profile.fullName')}</Label>
        <Input id="full-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </div>
      <div>
        <Label htmlFor="profile-email">{t('profile.email')}</Label>
        <Input id="profile-email" value={user?.email ?? ''} readOnly disabled aria-describedby="email-note" />
        <p id="email-note" className="mt-1 text-xs text-slate-500">
          {t('profile.emailNote')}
        </p>
      </div>
      <div>
        <Label htmlFor="phone">{t('profile.phone')}</Label>
        <Input
          id="phone"
          type="tel"
          inputMode="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          autoComplete="tel"
        />
      </div>
      <Button type="submit" className="w-full" disabled={updateUser.isPending}>
        {updateUser.isPending ? t('common.saving') : t('profile.saveChanges')}
      </Button>
      {waiting ? <PendingMark /> : null}
    </form>
  );
}

/**
 * The language choice, applied at once (LanguageChoice) and saved to the profile here; a mark
 * while the save waits in the outbox.
 */
function LanguageSetting() {
  const t = useT();
  const updateUser = useUpdateUser();
  const waiting = usePendingMarks().has(profileMark('language'));
  const save = (language: Language) => {
    // Until it settles, the server's older language cannot switch the screen back (ProfileLanguage).
    const settled = startLanguageSave();
    updateUser
      .mutateAsync({ language })
      .catch(() =>
        toast({ title: t('common.error'), description: t('profile.toast.languageFailed'), variant: 'destructive' }),
      )
      .finally(settled);
  };
  return (
    <>
      <LanguageChoice labelledBy="section-language" onChosen={save} prefetchWhenIdle />
      {waiting ? <PendingMark className="mt-2" /> : null}
    </>
  );
}

/** Help & Support: the support e-mail and phone from /api/config, and the FAQ. */
function HelpRows() {
  const t = useT();
  const config = useAppConfig();
  return (
    <>
      <button
        type="button"
        className={rowClasses}
        onClick={() => toast({ title: t('profile.support.toastTitle'), description: t('profile.support.toastText') })}
      >
        <Mail className="h-5 w-5 text-primary" aria-hidden />
        <span className="min-w-0 flex-1">
          {t('profile.support.email')}
          <span className="block text-xs font-normal text-slate-500 wrap-anywhere">{config.data?.support_email}</span>
        </span>
      </button>
      <a href={`tel:${(config.data?.support_phone ?? '').replace(/[^\d+]/g, '')}`} className={rowClasses}>
        <Phone className="h-5 w-5 text-primary" aria-hidden />
        <span className="min-w-0 flex-1">
          {t('profile.support.phone')}
          <span className="block text-xs font-normal text-slate-500 wrap-break-word">{config.data?.support_phone}</span>
        </span>
      </a>
      <Link to="/faq" className={rowClasses}>
        <CircleHelp className="h-5 w-5 text-primary" aria-hidden />
        <span className="min-w-0 flex-1">{t('profile.faq')}</span>
        <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
      </Link>
    </>
  );
}

/** App: Install App (its instructions in a dialog), the version and the copyright. */
function AppRows() {
  const t = useT();
  const [installOpen, setInstallOpen] = useState(false);
  // Mounted from the first opening on, so closing returns focus as Radix does.
  const [installOpened, setInstallOpened] = useState(false);
  if (installOpen && !installOpened) setInstallOpened(true);
  return (
    <>
      <button type="button" className={rowClasses} onClick={() => setInstallOpen(true)}>
        <Download className="h-5 w-5 text-primary" aria-hidden />
        <span className="min-w-0 flex-1">{t('profile.installApp')}</span>
        <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
      </button>
      <div className="mt-3 border-t border-slate-100 pt-3 text-center text-xs text-slate-500">
        <p className="font-semibold text-slate-700">DiaCare</p>
        <p>{t('profile.version', { version: '1.0.0' })}</p>
        <p>{t('profile.copyright')}</p>
      </div>
      {installOpened ? (
        <Suspense fallback={null}>
          <Dialog open={installOpen} onOpenChange={setInstallOpen} title={t('install.dialogTitle')}>
            <InstallInstructions />
          </Dialog>
        </Suspense>
      ) : null}
    </>
  );
}

/** Sign Out; writes still in the outbox are lost by signing out, so it asks first. */
function SignOutButton() {
  const t = useT();
  const { logout } = useAuth();
  const unsynced = usePendingCount();
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  return (
    <>
      <Button
        variant="dangerOutline"
        className="w-full"
        onClick={() =>
          void pendingCountLoaded()
            .catch(() => unsynced)
            .then((waiting) => (waiting > 0 ? setConfirmSignOut(true) : logout()))
        }
      >
        <LogOut className="h-5 w-5" aria-hidden />
        {t('profile.signOut')}
      </Button>

      <ConfirmDialog
        open={confirmSignOut}
        onOpenChange={setConfirmSignOut}
        title={t('profile.signOutUnsynced.title', { n: unsynced })}
        description={t('profile.signOutUnsynced.text')}
        confirmLabel={t('profile.signOut')}
        onConfirm={() => void logout()}
      />
    </>
  );
}

/** A caregiver's profile is short (decision 076): what it holds, and the way to track their own health. */
function CaregiverNote() {
  const t = useT();
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <p className="text-sm text-slate-600">{t('profile.caregiver.text')}</p>
      <Link to="/profile-setup" className={`${buttonClasses('outline')} mt-3 w-full`}>
        {t('profile.caregiver.startTracking')}
      </Link>
    </div>
  );
}

export function Component() {
  const { user } = useAuth();
  useScrollToHash();
  const t = useT();
  const caregiver = isCaregiverOnly();

  const initial = (user?.name?.trim()[0] ?? 'U').toUpperCase();

  return (
    <Page>
      <PageHeader title={t('profile.title')} backTo="/home" />

      {/* Padding that stops growing, and the name below the picture when its longest word does not
          fit beside it (decision 034). */}
      <div className="mb-4 flex flex-wrap items-center gap-4 rounded-2xl bg-hero p-[min(1rem,5vw)] text-on-hero shadow-sm">
        {user?.picture ? (
          <img
            src={user.picture}
            alt=""
            className="h-16 w-16 shrink-0 rounded-full border-2 border-on-hero object-cover"
            referrerPolicy="no-referrer"
          />
        ) : (
          <span
            aria-hidden
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-on-hero/20 text-2xl font-bold"
          >
            {initial}
          </span>
        )}
        <div className="min-w-0 flex-[1_1_min-content]">
          <p className="text-lg font-bold wrap-break-word">{user?.name ?? ''}</p>
          {/* An address is one long token: it may break anywhere. */}
          <p className="text-sm opacity-90 wrap-anywhere">{user?.email ?? ''}</p>
        </div>
      </div>

      <Section id="language" title={t('common.language')}>
        <LanguageSetting />
      </Section>

      <Section id="account" title={t('profile.section.account')}>
        {/* Keyed by the saved values: a user restored from the offline cache and then refreshed
            from the server fills the form again with the server's values. */}
        <AccountForm key={user ? JSON.stringify(user) : 'loading'} user={user} />
        {caregiver ? <CaregiverNote /> : null}
      </Section>

      {/* Below the fold on a phone: rendered after the top has painted. */}
      <Later>
        <Section id="glucose-unit" title={t('profile.section.glucose_unit')}>
          <GlucoseUnitChoice labelledBy="section-glucose-unit" />
        </Section>

        <Section id="notifications" title={t('profile.section.notifications')}>
          <NotificationPreferences />
        </Section>

        <Section id="theme" title={t('profile.section.theme')}>
          <ThemeChoice labelledBy="section-theme" />
        </Section>

        <Section id="privacy" title={t('profile.section.privacy')}>
          <Link to="/privacy-policy" className={rowClasses}>
            <ShieldCheck className="h-5 w-5 text-primary" aria-hidden />
            <span className="min-w-0 flex-1">{t('profile.privacyPolicy')}</span>
            <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          </Link>
          <Link to="/terms" className={rowClasses}>
            <FileText className="h-5 w-5 text-primary" aria-hidden />
            <span className="min-w-0 flex-1">{t('profile.terms')}</span>
            <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          </Link>
        </Section>

        {/* A caregiver has no circle, readings or imports of their own until they track their health. */}
        {caregiver ? null : (
          <Section id="care-circle" title={t('care.section.title')}>
            <CareCircleSection />
          </Section>
        )}

        <Section id="download-my-data" title={t('profile.section.data')}>
          <DataExport />
        </Section>

        {caregiver ? null : (
          <Section id="import-readings" title={t('your-data.import.title')}>
            <ImportReadings />
          </Section>
        )}

        <Section id="help" title={t('profile.section.help')}>
          <HelpRows />
        </Section>

        <Section id="app" title={t('profile.section.app')}>
          <AppRows />
        </Section>

        <SignOutButton />
        <div className="mt-6">
          <DeleteAccountSection />
        </div>
      </Later>
    </Page>
  );
}
