/**
 * Page frames: a centred phone-width column, optionally with the bottom navigation. Offline, a
 * screen that shows saved data starts with the offline banner.
 */
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { goBack, Link } from '../../lib/navigation';
import { useT } from '../../lib/i18n/language-provider';
import { OfflineBanner } from '../../lib/offline/offline-states';
import { cn } from '../../lib/utils';
import { BottomNav, type NavTabs } from './bottom-nav';

/**
 * A screen's frame. The side padding is 1rem but at most 5 % of the screen's width: with
 * 200 % text on a 360 px phone it stays 18 px instead of growing to 32 px on each side, so the
 * content keeps the room (WCAG 1.4.10 Reflow); at 100 % nothing changes on phones of 320 px or more.
 */
export function Page({
  children,
  withNav = false,
  tabs,
  className,
}: {
  children: ReactNode;
  withNav?: boolean;
  /** The navigation's tabs when not one's own (a person one cares for); with `withNav`. */
  tabs?: NavTabs;
  className?: string;
}) {
  return (
    <>
      <main
        className={cn(
          'mx-auto min-h-dvh w-full max-w-md px-[min(1rem,5vw)] pt-4',
          withNav ? 'pb-24' : 'pb-8',
          className,
        )}
      >
        <OfflineBanner />
        {children}
      </main>
      {withNav ? <BottomNav tabs={tabs} /> : null}
    </>
  );
}

/** A title row with a back arrow to `backTo`, or one step back in history when `backTo` is 'history'. */
export function PageHeader({
  title,
  subtitle,
  backTo,
  action,
}: {
  title: string;
  subtitle?: string;
  backTo?: string;
  action?: ReactNode;
}) {
  const t = useT();
  const backClasses =
    'flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200';
  return (
    <header className="mb-5 flex flex-wrap items-center gap-2">
      {backTo === 'history' ? (
        <button type="button" onClick={goBack} aria-label={t('layout.back')} className={backClasses}>
          <ChevronLeft className="h-6 w-6" aria-hidden />
        </button>
      ) : backTo ? (
        <Link to={backTo} aria-label={t('layout.back')} className={backClasses}>
          <ChevronLeft className="h-6 w-6" aria-hidden />
        </Link>
      ) : null}
      {/* Beside the arrow and the action while its longest word fits there, else on a line of its
          own (decision 034); only a word longer than the screen is broken. */}
      <div className="min-w-0 flex-[1_1_min-content]">
        <h1 className="text-title font-bold wrap-break-word">{title}</h1>
        {subtitle ? <p className="text-sm text-slate-500">{subtitle}</p> : null}
      </div>
      {action ? <div className="ml-auto shrink-0">{action}</div> : null}
    </header>
  );
}
