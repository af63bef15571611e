/**
 * Where each kind of message goes: a switch per channel (push, e-mail, WhatsApp) for each kind.
 * A channel that cannot be used is off and disabled, its reason said once above. Decision 050.
 */
import { CHANNELS, NOTIFICATION_KINDS, type Channel, type NotificationKind } from '@diacare/contract/channel-kinds';
import { useQuery } from '@tanstack/react-query';
import { Switch } from '../../../components/ui/switch';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { getChannelPreferencesQueryOptions, useSaveChannelChoice } from '../api/notification-channels';

const KIND_LABELS: Record<NotificationKind, MessageId> = {
  dose: 'profile.channels.kind.dose',
  refill: 'profile.channels.kind.refill',
  appointment: 'profile.channels.kind.appointment',
  care_alert: 'profile.channels.kind.care_alert',
  weekly_summary: 'profile.channels.kind.weekly_summary',
  meal_check: 'profile.channels.kind.meal_check',
};

const CHANNEL_LABELS: Record<Channel, MessageId> = {
  push: 'profile.channels.channel.push',
  email: 'profile.channels.channel.email',
  whatsapp: 'profile.channels.channel.whatsapp',
};

const REASONS = {
  not_configured: 'profile.channels.reason.not_configured',
  switched_off: 'profile.channels.reason.switched_off',
  no_subscription: 'profile.channels.reason.no_subscription',
  no_email: 'profile.channels.reason.no_email',
  no_whatsapp_number: 'profile.channels.reason.no_whatsapp_number',
} as const satisfies Record<string, MessageId>;

export function ChannelChoices() {
  const query = useQuery(getChannelPreferencesQueryOptions());
  const save = useSaveChannelChoice();
  const t = useT();
  if (isUnreachable(query)) return <OfflineFirstTime compact />;
  const data = query.data;
  const unavailable = data ? CHANNELS.filter((channel) => !data.channels[channel].available) : [];

  return (
    <div className="mt-4 border-t border-slate-100 pt-4" aria-busy={query.isPending}>
      <h3 id="channels-title" className="text-base font-semibold">
        {t('profile.channels.title')}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t('profile.channels.intro')}</p>
      {query.isError && !data ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {t('profile.channels.loadFailed')}
        </p>
      ) : null}
      {unavailable.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-600">
          {unavailable.map((channel) => (
            <li key={channel} id={`channel-${channel}-reason`}>
              {t('profile.channels.unavailable', {
                channel: t(CHANNEL_LABELS[channel]),
                reason: t(REASONS[data!.channels[channel].reason!]),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 divide-y divide-slate-100">
        {NOTIFICATION_KINDS.map((kind) => (
          <fieldset key={kind} className="py-3" aria-labelledby={`channels-${kind}`}>
            <legend id={`channels-${kind}`} className="text-sm font-medium">
              {t(KIND_LABELS[kind])}
            </legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {CHANNELS.map((channel) => {
                const status = data?.channels[channel];
                const available = status?.available ?? false;
                const id = `channel-${kind}-${channel}`;
                return (
                  <span key={channel} className="flex items-center gap-2">
                    <Switch
                      id={id}
                      checked={available && Boolean(data?.choices[kind][channel])}
                      disabled={!available || !data}
                      aria-labelledby={`channels-${kind} ${id}-label`}
                      aria-describedby={status && !available ? `channel-${channel}-reason` : undefined}
                      onCheckedChange={(checked) => save.mutate({ [kind]: { [channel]: checked } })}
                    />
                    <label id={`${id}-label`} htmlFor={id} className={available ? 'text-sm' : 'text-sm text-slate-500'}>
                      {t(CHANNEL_LABELS[channel])}
                    </label>
                  </span>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </div>
  );
}
