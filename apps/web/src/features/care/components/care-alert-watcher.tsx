/**
 * Tells a member at once, whatever screen is open, of an alert about someone they care for
 * (decision 075): a toast in their language, silent, naming who and what, with 'Open'. Each
 * alert is told once per browser session; asks nothing for someone who cares for nobody.
 */
import type { MemberOpenAlert } from '@diacare/contract/care';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth/auth-provider';
import { loadCatalogs, t } from '../../../lib/i18n/i18n';
import { useLocale } from '../../../lib/i18n/language-provider';
import { openAlertsQuery } from '../api/open-alerts';
import { getPatientsQueryOptions } from '../api/patients';
import { useAlertText } from './care-alerts-panel';

/** sessionStorage key of the ids already told in this session (the newest 100). */
const ANNOUNCED_KEY = 'care-alerts-announced';
/** Longer than an ordinary toast's 5 s: it is news about a person, read on a phone held at arm's length. */
const ALERT_TOAST_MS = 15_000;

function readAnnounced(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(ANNOUNCED_KEY) ?? '[]') as string[]);
  } catch {
    return new Set();
  }
}

function writeAnnounced(ids: readonly string[]): void {
  try {
    sessionStorage.setItem(ANNOUNCED_KEY, JSON.stringify(ids.slice(-100)));
  } catch {
    // Storage refused (private mode): an alert may be told again after a reload.
  }
}

/** Mount once inside the signed-in app; renders nothing itself. */
export function CareAlertWatcher() {
  const patients = useQuery(getPatientsQueryOptions());
  const alerts = useQuery(openAlertsQuery(Boolean(patients.data?.length)));
  const [, navigate] = useLocation();
  const text = useAlertText();
  const { user } = useAuth();
  const { language } = useLocale();
  // In the member's language: not while the app is still switching to their profile's one.
  const languageSettled = Boolean(user) && (!user?.language || user.language === language);
  // Only what the server answered since this page opened: a copy saved on the device (restored
  // with its old time) may hold alerts seen since.
  const fresh = alerts.dataUpdatedAt >= performance.timeOrigin ? alerts.data : undefined;

  useEffect(() => {
    if (!fresh?.length || !languageSettled) return;
    const announced = readAnnounced();
    const news = fresh.filter((alert) => !announced.has(alert.id));
    if (!news.length) return;
    writeAnnounced([...announced, ...news.map((alert) => alert.id)]);
    const newest: MemberOpenAlert = news[0]!;
    loadCatalogs(['care']).then(
      () =>
        toast({
          title: t('care.live.title', { name: newest.patient_name, alert: text(newest, newest.patient_timezone) }),
          description: news.length > 1 ? t('care.live.more', { count: news.length - 1 }) : undefined,
          variant: newest.kind === 'urgent_low_glucose' ? 'destructive' : 'default',
          duration: ALERT_TOAST_MS,
          action: { label: t('care.open.open'), onClick: () => navigate(`/care/patients/${newest.patient_id}`) },
        }),
      () => undefined,
    );
  }, [fresh, languageSettled, navigate, text]);
  return null;
}
