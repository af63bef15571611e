/**
 * The patient's Home box when their circle was alerted (docs/decisions/051, 076): per alert of the
 * last day, what happened, whether someone saw it, and per member which channel reached them and
 * when, or that none did and what the member can do. Loaded lazily by Home only when there is
 * such an alert, with its texts.
 */
import type { CareAlert } from '@diacare/contract/care';
import { localTime } from '@diacare/contract/dates';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { MessageId } from '../../../lib/i18n/i18n';
import { loadCatalogs } from '../../../lib/i18n/i18n';
import { useLocale } from '../../../lib/i18n/language-provider';
import { useAlertText } from './care-alerts-panel';

const CHANNEL_NAMES: Record<string, MessageId> = {
  push: 'care.reached.channel.push',
  email: 'care.reached.channel.email',
  whatsapp: 'care.reached.channel.whatsapp',
};

type Recipient = CareAlert['recipients'][number];

/** What one member got of an alert, as a sentence in the active language; the one who saw it reads as reached in the app. */
function useRecipientLine() {
  const { t, intlLocale } = useLocale();
  const list = new Intl.ListFormat(intlLocale, { type: 'conjunction' });
  return (recipient: Recipient, alert: CareAlert, zone: string) => {
    const time = localTime(new Date(recipient.at), zone);
    // The member who saw the alert was reached, in the app, whatever the channels did.
    const seen =
      alert.seen_at && alert.seen_by_name === recipient.name ? localTime(new Date(alert.seen_at), zone) : null;
    if (recipient.outcome === 'delivered' && recipient.channels.length) {
      const channels = list.format(
        recipient.channels.map((channel) => (CHANNEL_NAMES[channel] ? t(CHANNEL_NAMES[channel]) : channel)),
      );
      return seen
        ? t('care.reached.deliveredSeen', { name: recipient.name, channels, time, seen })
        : t('care.reached.delivered', { name: recipient.name, channels, time });
    }
    if (seen) return t('care.reached.seenInApp', { name: recipient.name, time: seen });
    if (recipient.outcome === 'delivered') return t('care.reached.deliveredAt', { name: recipient.name, time });
    return recipient.outcome === 'failed'
      ? t('care.reached.failed', { name: recipient.name, time })
      : t('care.reached.unavailable', { name: recipient.name });
  };
}

/** One alert: what, seen or not, and each member's line. */
function AlertEntry({ alert, timezone }: { alert: CareAlert; timezone: string }) {
  const { t } = useLocale();
  const text = useAlertText();
  const recipientLine = useRecipientLine();
  const reached = alert.recipients.some((recipient) => recipient.outcome === 'delivered');
  // One verdict per alert: seen wins over how it was sent, so the box never says both.
  const verdict = alert.seen_at
    ? t('care.reached.seen', { name: alert.seen_by_name ?? '', time: localTime(new Date(alert.seen_at), timezone) })
    : reached
      ? t('care.reached.notSeen')
      : t('care.reached.waiting');
  return (
    <li className="py-2">
      <p className="font-semibold">{text(alert, timezone)}</p>
      <p className={alert.seen_at ? 'text-green-800' : undefined}>{verdict}</p>
      {alert.recipients.length ? (
        <ul className="mt-1 list-disc space-y-0.5 ps-5">
          {alert.recipients.map((recipient) => (
            <li key={recipient.name}>{recipientLine(recipient, alert, timezone)}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-1">{t('care.reached.nobody')}</p>
      )}
    </li>
  );
}

/** `alerts`: the patient's alerts of the last day that went out, newest first; `timezone`: the patient's zone. */
export function FamilyAlertedLine({ alerts, timezone }: { alerts: readonly CareAlert[]; timezone: string }) {
  const { t } = useLocale();
  const [textsLoaded, setTextsLoaded] = useState(false);
  useEffect(() => {
    loadCatalogs(['care']).then(
      () => setTextsLoaded(true),
      () => undefined,
    );
  }, []);
  if (!textsLoaded || !alerts.length) return null;
  return (
    <section
      aria-labelledby="family-alerted-title"
      className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <h2 id="family-alerted-title" className="flex items-center gap-2 font-bold">
        <BellRing className="h-4 w-4 shrink-0" aria-hidden />
        {t('care.reached.title', { n: alerts.length })}
      </h2>
      <ul className="divide-y divide-amber-200 wrap-anywhere">
        {alerts.map((alert) => (
          <AlertEntry key={alert.id} alert={alert} timezone={timezone} />
        ))}
      </ul>
    </section>
  );
}
