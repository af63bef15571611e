/** Bottom navigation: four tabs; the current one is marked for eyes and screen readers. */
import { ChartColumn, House, MessageCircle, Pill } from 'lucide-react';
import { useLocation } from 'wouter';
import { isActivePath, Link } from '../../lib/navigation';
import { useT } from '../../lib/i18n/language-provider';
import { cn } from '../../lib/utils';

const TABS = [
  { to: '/home', label: 'layout.nav.home', icon: House },
  { to: '/medications', label: 'layout.nav.meds', icon: Pill },
  { to: '/reports', label: 'layout.nav.reports', icon: ChartColumn },
  { to: '/chat', label: 'layout.nav.chat', icon: MessageCircle },
] as const;

export function BottomNav() {
  const t = useT();
  const [pathname] = useLocation();
  return (
    <nav
      aria-label={t('layout.nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {TABS.map(({ to, label, icon: Icon }) => {
          const isActive = isActivePath(pathname, to);
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
