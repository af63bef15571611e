/** Profile and settings (spec §2 Profile and settings, §8 Profile page save). */
import { ChevronRight, CircleHelp, Download, FileText, LogOut, Mail, Phone, ShieldCheck } from 'lucide-react';
import type { User } from '@diacare/contract/users';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Page, PageHeader } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useAppConfig } from '../../lib/app-config';
import { InstallInstructions } from '../../features/install/components/install-instructions';
import { DeleteAccountSection, useScrollToHash } from '../../features/profile/components/delete-account';
import { NotificationPreferences } from '../../features/profile/components/notification-preferences';
import { DataExport } from '../../features/export/components/data-export';
import { useUpdateUser } from '../../features/users/api/update-user';
import { useAuth } from '../../lib/auth/auth-provider';

/** Radix's dialog code loads when the install help is first opened (issue 15: ≤ 120 KB per route). */
const Dialog = lazy(() => import('../../components/ui/dialog').then((module) => ({ default: module.Dialog })));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
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

/** Account Information: name and phone are editable; the email is not (spec §2 Profile). */
function AccountForm({ user }: { user: User | null }) {
  const updateUser = useUpdateUser();
  const [name, setName] = useState(user?.name ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await updateUser.mutateAsync({ name, phone: phone.trim() === '' ? null : phone });
      toast({ title: 'Success!', description: 'Profile updated successfully' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <form onSubmit={save} className="space-y-3">
      <div>
        <Label htmlFor="full-name">Full Name</Label>
        <Input id="full-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </div>
      <div>
        <Label htmlFor="profile-email">Email</Label>
        <Input id="profile-email" value={user?.email ?? ''} readOnly disabled aria-describedby="email-note" />
        <p id="email-note" className="mt-1 text-xs text-slate-500">
          Email cannot be changed
        </p>
      </div>
      <div>
        <Label htmlFor="phone">Phone Number</Label>
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
        {updateUser.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}

export function Component() {
  const { user, logout } = useAuth();
  const config = useAppConfig();
  const [installOpen, setInstallOpen] = useState(false);
  // Mounted from the first opening on, so closing returns focus as Radix does.
  const [installOpened, setInstallOpened] = useState(false);
  if (installOpen && !installOpened) setInstallOpened(true);
  useScrollToHash();

  const initial = (user?.name?.trim()[0] ?? 'U').toUpperCase();

  return (
    <Page>
      <PageHeader title="Profile & Settings" backTo="/home" />

      <Card className="mb-4 flex items-center gap-4 bg-gradient-to-r from-teal-600 to-teal-500 text-white">
        {user?.picture ? (
          <img
            src={user.picture}
            alt=""
            className="h-16 w-16 rounded-full border-2 border-white object-cover"
            referrerPolicy="no-referrer"
          />
        ) : (
          <span
            aria-hidden
            className="flex h-16 w-16 items-center justify-center rounded-full bg-white/20 text-2xl font-bold"
          >
            {initial}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-lg font-bold">{user?.name ?? ''}</p>
          <p className="truncate text-sm opacity-90">{user?.email ?? ''}</p>
        </div>
      </Card>

      <Section title="Account Information">
        <AccountForm key={user?.id ?? 'loading'} user={user} />
      </Section>

      <Section title="Notifications">
        <NotificationPreferences />
      </Section>

      <Section title="Privacy & Security">
        <Link to="/privacy-policy" className={rowClasses}>
          <ShieldCheck className="h-5 w-5 text-primary" aria-hidden />
          <span className="flex-1">Privacy Policy</span>
          <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
        </Link>
        <Link to="/terms" className={rowClasses}>
          <FileText className="h-5 w-5 text-primary" aria-hidden />
          <span className="flex-1">Terms of Service</span>
          <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
        </Link>
      </Section>

      <Section title="Download my data">
        <DataExport />
      </Section>

      <Section title="Help & Support">
        <button
          type="button"
          className={rowClasses}
          onClick={() =>
            toast({ title: 'Contact Support', description: 'Our team will get back to you within 24 hours' })
          }
        >
          <Mail className="h-5 w-5 text-primary" aria-hidden />
          <span className="flex-1">
            Email Support
            <span className="block text-xs font-normal text-slate-500">{config.data?.support_email}</span>
          </span>
        </button>
        <a href={`tel:${(config.data?.support_phone ?? '').replace(/[^\d+]/g, '')}`} className={rowClasses}>
          <Phone className="h-5 w-5 text-primary" aria-hidden />
          <span className="flex-1">
            Phone Support
            <span className="block text-xs font-normal text-slate-500">{config.data?.support_phone}</span>
          </span>
        </a>
        <Link to="/faq" className={rowClasses}>
          <CircleHelp className="h-5 w-5 text-primary" aria-hidden />
          <span className="flex-1">FAQ</span>
          <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
        </Link>
      </Section>

      <Section title="App">
        <button type="button" className={rowClasses} onClick={() => setInstallOpen(true)}>
          <Download className="h-5 w-5 text-primary" aria-hidden />
          <span className="flex-1">Install App</span>
          <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
        </button>
        <div className="mt-3 border-t border-slate-100 pt-3 text-center text-xs text-slate-500">
          <p className="font-semibold text-slate-700">DiaCare</p>
          <p>Version 1.0.0</p>
          <p>© 2025 DiaCare. All rights reserved.</p>
        </div>
      </Section>

      <Button variant="dangerOutline" className="w-full" onClick={() => void logout()}>
        <LogOut className="h-5 w-5" aria-hidden />
        Sign Out
      </Button>

      {installOpened ? (
        <Suspense fallback={null}>
          <Dialog open={installOpen} onOpenChange={setInstallOpen} title="Install DiaCare">
            <InstallInstructions />
          </Dialog>
        </Suspense>
      ) : null}
      <div className="mt-6">
        <DeleteAccountSection />
      </div>
    </Page>
  );
}
