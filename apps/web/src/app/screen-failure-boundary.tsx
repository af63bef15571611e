/**
 * What a screen shows when it cannot render, instead of an empty page: its code could not load
 * (offline before the service worker holds it, or replaced by a deploy) or it threw. 'Try again'
 * renders it again, loading what failed (lib/retryable-lazy); another address, such as Home,
 * starts afresh. Decision 065.
 */
import { Component, type ReactNode } from 'react';
import { CircleAlert, WifiOff } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useT } from '../lib/i18n/language-provider';
import { Link } from '../lib/navigation';
import { retryFailedLoads } from '../lib/retryable-lazy';

/** True for a failed download of code or texts (each browser words it its own way), or offline. */
function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return !navigator.onLine || /dynamically imported module|module script|failed to fetch|preload/i.test(message);
}

function ScreenFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const t = useT();
  const loadFailure = isLoadFailure(error);
  // The Wi-Fi sign only where the network is the cause; another error gets a plain alert sign.
  const Sign = loadFailure ? WifiOff : CircleAlert;
  return (
    <main className="mx-auto max-w-lg p-4">
      <Card className="flex flex-col items-center gap-4 py-8 text-center" role="alert">
        <Sign className="h-10 w-10 text-slate-400" aria-hidden />
        <p className="text-slate-700">{t(loadFailure ? 'common.offline' : 'common.screenFailed')}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={onRetry}>{t('common.tryAgain')}</Button>
          <Link to="/home" className={buttonClasses('outline')}>
            {t('common.notFound.goHome')}
          </Link>
        </div>
      </Card>
    </main>
  );
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, { pathname: string; error: unknown }> {
  override state = { pathname: this.props.pathname, error: null as unknown };
  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, error: null };
  }
  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }
  override componentDidCatch(error: unknown) {
    console.warn('A screen could not be shown', error);
  }
  override componentDidUpdate(previous: { pathname: string }) {
    // A new address whose screen failed at once (its load had failed before) loads it again.
    // Not during render: a transition renders again until it commits, and would load again each time.
    if (previous.pathname !== this.props.pathname && this.state.error) this.retry();
  }
  retry = () => {
    retryFailedLoads();
    this.setState({ error: null });
  };
  override render() {
    return this.state.error ? <ScreenFailure error={this.state.error} onRetry={this.retry} /> : this.props.children;
  }
}

/** Wraps the screens: a screen that cannot render shows why and 'Try again', until the address changes. */
export function ScreenFailureBoundary({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
