/**
 * Bottom navigation: the current tab is marked for eyes and screen readers. Four tabs of one's
 * own pages; a caregiver without a patient profile has Home and Profile (decision 076); a page
 * of a person one cares for passes that person's tabs, so the navigation stays on them.
 */
import { ChartColumn, House, MessageCircle, Pill, UserRound, type LucideIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { isCaregiverOnly } from '../../lib/auth/require-auth';
import { readFlag } from '../../lib/local-flags';
import type { MessageId } from '../../lib/i18n/i18n';
import { isActivePath, Link } from '../../lib/navigation';
import { useT } from '../../lib/i18n/language-provider';
import { cn } from '../../lib/utils';

/** One tab: where it goes, its label's id, its icon; `exact`: active only on that very path. */
export interface NavTab {
  to: string;
  label: MessageId;
  icon: LucideIcon;
  exact?: boolean;
}

/** A nav's tabs and the name screen readers announce for it. */
export interface NavTabs {
  label: string;
  tabs: readonly NavTab[];
}

const OWN_TABS: readonly NavTab[] = [
  { to: '/home', label: 'layout.nav.home', icon: House },
  { to: '/medications', label: 'layout.nav.meds', icon: Pill },
  { to: '/reports', label: 'layout.nav.reports', icon: ChartColumn },
  { to: '/chat', label: 'layout.nav.chat', icon: MessageCircle },
];

/** A caregiver's own pages: no medicines, reports or assistant of their own until they track their health. */
const CAREGIVER_TABS: readonly NavTab[] = [
  { to: '/home', label: 'layout.nav.home', icon: House },
  { to: '/profile', label: 'layout.nav.profile', icon: UserRound },
];

/** The tabs of a person one cares for (`patientId`), then 'Me' back to one's own Home. */
export function patientTabs(patientId: string): NavTab[] {
  const base = `/care/patients/${patientId}`;
  return [
    { to: base, label: 'layout.nav.home', icon: House, exact: true },
    { to: `${base}/medications`, label: 'layout.nav.meds', icon: Pill },
    { to: `${base}/reports`, label: 'layout.nav.reports', icon: ChartColumn },
    { to: '/home', label: 'layout.nav.me', icon: UserRound },
  ];
}

const COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' };

export function BottomNav({ tabs: given }: { tabs?: NavTabs }) {
  const t = useT();
  const [pathname] = useLocation();
  // Without a profile (a caregiver, or a doctor on Patients before anyone shares): no own health tabs.
  const tabs = given?.tabs ?? (isCaregiverOnly() || !readFlag('profileCompleted') ? CAREGIVER_TABS : OWN_TABS);
  return (
    <nav
      aria-label={given?.label ?? t('layout.nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className={cn('mx-auto grid max-w-md', COLUMNS[tabs.length] ?? 'grid-cols-4')}>
        {tabs.map(({ to, label, icon: Icon, exact }) => {
          const isActive = exact ? pathname.toLowerCase() === to.toLowerCase() : isActivePath(pathname, to);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                  isActive ? 'text-primary' : 'text-slate-500 hover:text-slate-800',
                )}
              >
                <Icon className={cn('h-6 w-6', isActive && 'stroke-[2.5]')} aria-hidden />
                {t(label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
