/**
 * The patient's Home line when their circle was alerted (docs/decisions/051): what, who was
 * told and who saw it. Loaded lazily by Home only when there is such an alert, with its texts.
 */
import type { CareAlert } from '@diacare/contract/care';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useLocale } from '../../../lib/i18n/language-provider';
import { useAlertText } from './care-alerts-panel';

/** `alert`: the patient's latest alert that went out (reached someone or not); `timezone`: the patient's zone. */
export function FamilyAlertedLine({ alert, timezone }: { alert: CareAlert; timezone: string }) {
  const { t } = useLocale();
  const text = useAlertText();
  const [textsLoaded, setTextsLoaded] = useState(false);
  useEffect(() => {
    loadCatalogs(['care']).then(
      () => setTextsLoaded(true),
      () => undefined,
    );
  }, []);
  if (!textsLoaded) return null;
  const told = alert.recipients
    .filter((recipient) => recipient.outcome === 'delivered')
    .map((recipient) => recipient.name)
    .join(', ');
  return (
    <p role="status" className="mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <BellRing className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span className="min-w-0 wrap-anywhere">
        {told
          ? t('care.alerts.familyTold', { alert: text(alert, timezone), names: told })
          : t('care.alerts.familyNotReached', { alert: text(alert, timezone) })}{' '}
        <strong>
          {alert.seen_by_name ? t('care.alerts.seenBy', { name: alert.seen_by_name }) : t('care.alerts.notSeen')}
        </strong>
      </span>
    </p>
  );
}
