/**
 * What screens show offline: `OfflineBanner` (saved data and when its oldest part was fetched),
 * `OfflineFirstTime`, `isUnreachable` (no data and none reachable: unknown, never the empty state),
 * `fetchingFirst` and `lastKnownData` (a range ending today starts from an earlier day's fetch).
 * Decision 027.
 */
import { formatShortDate, localDate, localTime } from '@diacare/contract/dates';
import {
  hashKey,
  useQueryClient,
  type Query,
  type QueryClient,
  type QueryKey,
  type UseQueryResult,
} from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { Card } from '../../components/ui/card';
import { ApiError } from '../api-client';
import { useUserZone } from '../auth/auth-provider';
import { useLocale, useT } from '../i18n/language-provider';
import { isOffline, useOffline } from './connectivity';

/** Query roots that are not the user's data from the server (app settings, this browser's push state). */
const NOT_USER_DATA = new Set(['config', 'push']);

/** True when `query` has no data and cannot fetch any now (offline or no answer from the server). */
export function isUnreachable(query: Pick<UseQueryResult, 'data' | 'fetchStatus' | 'error'>): boolean {
  if (query.data !== undefined) return false;
  return query.fetchStatus === 'paused' || (query.error instanceof ApiError && query.error.status === 0);
}

/**
 * True while `query` has no data and is fetching its first answer (not failed, not paused
 * offline): a screen that waits for it to mount its content in one piece never waits offline.
 */
export function fetchingFirst(query: Pick<UseQueryResult, 'isPending' | 'fetchStatus'>): boolean {
  return query.isPending && query.fetchStatus === 'fetching';
}

/**
 * Initial data for a query keyed by a range ending on a day: while offline,
 * the newest cached data of the same query as built on the day its data was fetched (the same
 * kind and range width), with that fetch's time, so the banner shows how old it is. Online, or
 * with nothing cached, nothing: the query fetches as usual (and refetches this data once online).
 * @param keyOn the query's key for a range ending on `day` (YYYY-MM-DD in `zone`)
 * @param zone the user's IANA zone, in which a fetch time becomes its day
 */
export function lastKnownData<T>(
  queryClient: QueryClient,
  keyOn: (day: string) => QueryKey,
  zone: string,
): { initialData: () => T | undefined; initialDataUpdatedAt: () => number | undefined } {
  let found: Query | undefined | null = null;
  const newest = () => {
    if (found !== null) return found;
    found = undefined;
    if (!isOffline()) return found;
    for (const query of queryClient.getQueryCache().getAll()) {
      const at = query.state.dataUpdatedAt;
      if (query.state.data === undefined || at === 0 || (found && found.state.dataUpdatedAt >= at)) continue;
      if (query.queryHash === hashKey(keyOn(localDate(new Date(at), zone)))) found = query;
    }
    return found;
  };
  return {
    initialData: () => newest()?.state.data as T | undefined,
    initialDataUpdatedAt: () => newest()?.state.dataUpdatedAt,
  };
}

/** When the oldest data on screen was fetched (ms since epoch), or 0 when no screen shows any. */
export function oldestShownDataTime(queryClient: QueryClient): number {
  let oldest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
    if (NOT_USER_DATA.has(String(query.queryKey[0]))) continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

/**
 * 'HH:MM' for a time today in `zone`, else 'Nov 21, HH:MM' (24-hour, as dose times are); the
 * date in `locale`'s words ('en-IN' | 'hi-IN', the active language's Intl locale).
 */
export function formatDataTime(at: number, now: Date, zone: string, locale?: string): string {
  const instant = new Date(at);
  const date = localDate(instant, zone);
  const time = localTime(instant, zone);
  return date === localDate(now, zone) ? time : `${formatShortDate(date, locale)}, ${time}`;
}

function useOldestShownDataTime(): number {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  return useSyncExternalStore(
    subscribe,
    () => oldestShownDataTime(queryClient),
    () => 0,
  );
}

/** The offline banner; renders nothing online or when the screen shows no saved data. */
export function OfflineBanner() {
  const offline = useOffline();
  const zone = useUserZone();
  const at = useOldestShownDataTime();
  const t = useT();
  const { intlLocale } = useLocale();
  if (!offline || at === 0) return null;
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
      data-testid="offline-banner"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
      <span>{t('common.offline.banner', { time: formatDataTime(at, new Date(), zone, intlLocale) })}</span>
    </p>
  );
}

/** A screen (or a section, `compact`) that has never been loaded online, shown offline. */
export function OfflineFirstTime({ compact = false }: { compact?: boolean }) {
  const t = useT();
  if (compact) return <p className="py-4 text-center text-sm text-slate-600">{t('common.offline.notYet')}</p>;
  return (
    <Card className="flex flex-col items-center gap-3 py-8 text-center" role="status">
      <WifiOff className="h-10 w-10 text-slate-400" aria-hidden />
      <p className="text-slate-700">{t('common.offline.firstTime')}</p>
    </Card>
  );
}
