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
import { PAGE_CLASSES } from './first-paint-classes';

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
        className={cn(PAGE_CLASSES.main, withNav ? PAGE_CLASSES.mainWithNav : PAGE_CLASSES.mainWithoutNav, className)}
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
  const backClasses = PAGE_CLASSES.back;
  return (
    <header className={PAGE_CLASSES.header}>
      {backTo === 'history' ? (
        <button type="button" onClick={goBack} aria-label={t('layout.back')} className={backClasses}>
          <ChevronLeft className={PAGE_CLASSES.backIcon} aria-hidden />
        </button>
      ) : backTo ? (
        <Link to={backTo} aria-label={t('layout.back')} className={backClasses}>
          <ChevronLeft className={PAGE_CLASSES.backIcon} aria-hidden />
        </Link>
      ) : null}
      {/* Beside the arrow and the action while its longest word fits there, else on a line of its
          own (decision 034); only a word longer than the screen is broken. A screen's page paints
          the same title row before the app has started (decision 107). */}
      <div className={PAGE_CLASSES.titleBox}>
        <h1 className={PAGE_CLASSES.title}>{title}</h1>
        {subtitle ? <p className={PAGE_CLASSES.subtitle}>{subtitle}</p> : null}
      </div>
      {action ? <div className="ml-auto shrink-0">{action}</div> : null}
    </header>
  );
}
