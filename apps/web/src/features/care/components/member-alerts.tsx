/**
 * A member's open alerts on their own Home (decision 075): a card per alert about someone they
 * care for that nobody has seen — who, what, when — with 'Open' (that person's page) and 'I've
 * seen it'. Nothing for someone who cares for nobody or has no open alert.
 */
import type { MemberOpenAlert } from '@diacare/contract/care';
import { formatShortDate, localDate } from '@diacare/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useLocale } from '../../../lib/i18n/language-provider';
import { Link } from '../../../lib/navigation';
import { useMarkAlertSeen } from '../api/alerts';
import { openAlertsQuery } from '../api/open-alerts';
import { getPatientsQueryOptions } from '../api/patients';
import { useAlertText } from './care-alerts-panel';

export function MemberAlerts() {
  const { t, intlLocale } = useLocale();
  const patients = useQuery(getPatientsQueryOptions());
  const alerts = useQuery(openAlertsQuery(Boolean(patients.data?.length)));
  const seen = useMarkAlertSeen();
  const text = useAlertText();
  const [textsLoaded, setTextsLoaded] = useState(false);
  const shown = Boolean(patients.data?.length && alerts.data?.length);
  useEffect(() => {
    if (!shown) return;
    loadCatalogs(['care']).then(
      () => setTextsLoaded(true),
      () => undefined,
    );
  }, [shown]);
  if (!shown || !textsLoaded || !alerts.data) return null;

  const markSeen = async (alert: MemberOpenAlert) => {
    try {
      await seen.mutateAsync(alert.id);
      toast({ title: t('care.open.seenDone', { name: alert.patient_name }) });
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };
  // The day, on the person's own clock ('28 Nov'): the alert's text already says the time.
  const day = (alert: MemberOpenAlert) =>
    formatShortDate(localDate(new Date(alert.event_at), alert.patient_timezone), intlLocale);

  return (
    <section aria-labelledby="member-alerts" className="mb-4">
      <h2 id="member-alerts" className="mb-2 flex items-center gap-2 text-base font-bold">
        <BellRing className="h-5 w-5 text-red-700" aria-hidden />
        {t('care.open.title')}
      </h2>
      <ul className="space-y-2">
        {alerts.data.map((alert) => {
          const what = text(alert, alert.patient_timezone);
          return (
            <li key={alert.id}>
              <Card className="border-red-300">
                <p className="font-semibold wrap-anywhere">{alert.patient_name}</p>
                <p className="wrap-anywhere">{what}</p>
                <p className="text-sm text-slate-600">
                  <time dateTime={alert.event_at}>{day(alert)}</time>
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    to={`/care/patients/${alert.patient_id}`}
                    className={buttonClasses('primary')}
                    aria-label={t('care.open.openLabel', { name: alert.patient_name, alert: what })}
                  >
                    {t('care.open.open')}
                  </Link>
                  <Button
                    variant="outline"
                    disabled={seen.isPending}
                    aria-label={t('care.open.seenLabel', { name: alert.patient_name, alert: what })}
                    onClick={() => void markSeen(alert)}
                  >
                    {t('care.open.seen')}
                  </Button>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
