/**
 * A member's view of the alerts about a person they care for (docs/decisions/051): open alerts
 * first, each with 'Seen', which acknowledges it for everyone; then who saw the recent ones.
 */
import type { CareAlert } from '@diacare/contract/care';
import { formatGlucose } from '@diacare/contract/glucose-units';
import { localTime } from '@diacare/contract/dates';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useLocale } from '../../../lib/i18n/language-provider';
import { useGlucoseUnit } from '../../../lib/use-glucose-unit';
import { patientAlertsQuery, useMarkAlertSeen } from '../api/alerts';

/** What an alert says (a patient's or a member's open one), in the reader's language and glucose unit. */
export function useAlertText() {
  const { t } = useLocale();
  const unit = useGlucoseUnit();
  return (
    alert: Pick<CareAlert, 'kind' | 'medication_name' | 'scheduled_time' | 'value' | 'event_at'>,
    zone: string,
  ) => {
    if (alert.kind === 'missed_dose') {
      return t('care.alerts.missed', { medicine: alert.medication_name ?? '', time: alert.scheduled_time ?? '' });
    }
    const values = { value: formatGlucose(alert.value ?? 0, unit), time: localTime(new Date(alert.event_at), zone) };
    return alert.kind === 'urgent_low_glucose' ? t('care.alerts.urgentLow', values) : t('care.alerts.low', values);
  };
}

/** The panel on /care/patients/{id}; nothing when there are no alerts or none the member may read. */
export function CareAlertsPanel({ patientId, timezone }: { patientId: string; timezone: string }) {
  const { t } = useLocale();
  const alerts = useQuery(patientAlertsQuery(patientId));
  const seen = useMarkAlertSeen();
  const text = useAlertText();
  if (alerts.isPending || alerts.isError || !alerts.data.length) return null;
  const open = alerts.data.filter((alert) => !alert.seen_at);
  const acknowledged = alerts.data.filter((alert) => alert.seen_at).slice(0, 3);
  const markSeen = async (alert: CareAlert) => {
    try {
      await seen.mutateAsync(alert.id);
    } catch (error) {
      toast({ title: t('common.error'), description: (error as Error).message, variant: 'destructive' });
    }
  };
  return (
    <section aria-labelledby="care-alerts" className="mb-4">
      <Card className={open.length ? 'border-red-300' : undefined}>
        <h2 id="care-alerts" className="mb-2 flex items-center gap-2 text-base font-bold">
          <BellRing className="h-5 w-5 text-red-700" aria-hidden />
          {t('care.alerts.title')}
        </h2>
        {open.length === 0 ? <p className="text-sm text-slate-600">{t('care.alerts.noneOpen')}</p> : null}
        <ul className="divide-y divide-slate-100">
          {open.map((alert) => (
            <li key={alert.id} className="flex flex-wrap items-center gap-2 py-2">
              <span className="min-w-0 flex-1 wrap-anywhere font-medium">{text(alert, timezone)}</span>
              <Button
                size="sm"
                disabled={seen.isPending}
                aria-label={t('care.alerts.seenLabel', { alert: text(alert, timezone) })}
                onClick={() => void markSeen(alert)}
              >
                {t('care.alerts.seen')}
              </Button>
            </li>
          ))}
          {acknowledged.map((alert) => (
            <li key={alert.id} className="py-2 text-sm text-slate-600">
              <span className="wrap-anywhere">{text(alert, timezone)}</span>
              <span className="block text-xs">{t('care.alerts.seenBy', { name: alert.seen_by_name ?? '' })}</span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
