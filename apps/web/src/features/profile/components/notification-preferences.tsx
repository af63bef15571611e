/**
 * Notification toggles stored on the server, each saved on change, with the defaults shown while the
 * saved values load (offline and never loaded, not shown as the user's). E-mail is disabled, with
 * the reason, when the server or account cannot send it. Below: the channel per kind of message.
 * Decision 050.
 */
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/notification-defaults';
import type { NotificationSettings } from '@diacare/contract/reminders';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Switch } from '../../../components/ui/switch';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { getChannelPreferencesQueryOptions } from '../api/notification-channels';
import { settingsKeys } from '../api/settings-keys';
import { getNotificationSettingsQueryOptions, useSaveNotificationSetting } from '../api/notification-settings';
import { ChannelChoices } from './channel-choices';

const PREFERENCES: { key: keyof NotificationSettings; label: MessageId }[] = [
  { key: 'medicationReminders', label: 'profile.notify.medication' },
  { key: 'appointmentReminders', label: 'profile.notify.appointment' },
  { key: 'healthTips', label: 'profile.notify.tips' },
  // A push 2 hours after a logged meal asking for a reading (decision 098).
  { key: 'afterMealCheck', label: 'profile.notify.afterMeal' },
  { key: 'emailNotifications', label: 'profile.notify.email' },
  { key: 'pushNotifications', label: 'profile.notify.push' },
];

export function NotificationPreferences() {
  const settings = useQuery(getNotificationSettingsQueryOptions());
  const channels = useQuery(getChannelPreferencesQueryOptions());
  const queryClient = useQueryClient();
  const save = useSaveNotificationSetting();
  const values = settings.data ?? NOTIFICATION_DEFAULTS;
  const loading = settings.isPending;
  const t = useT();
  if (isUnreachable(settings)) return <OfflineFirstTime compact />;
  const emailReason = channels.data?.channels.email.reason;
  /** Why Email Notifications cannot be turned on, or null when it can. */
  const emailBlocked: MessageId | null =
    emailReason === 'not_configured'
      ? 'profile.notify.emailNotConfigured'
      : emailReason === 'no_email'
        ? 'profile.notify.emailNoAddress'
        : null;
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-busy={loading}>
        {PREFERENCES.map(({ key, label }) => {
          const blocked = key === 'emailNotifications' ? emailBlocked : null;
          return (
            <li key={key} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="flex min-w-0 flex-[1_1_8rem] flex-wrap items-center gap-2">
                <label
                  htmlFor={`pref-${key}`}
                  className={blocked ? 'text-sm font-medium text-slate-500' : 'text-sm font-medium'}
                >
                  {t(label)}
                </label>
                {blocked ? (
                  <span
                    id={`pref-${key}-why`}
                    className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600"
                  >
                    {t(blocked)}
                  </span>
                ) : null}
              </span>
              <Switch
                id={`pref-${key}`}
                checked={blocked ? false : values[key]}
                disabled={!settings.data || Boolean(blocked) || (key === 'emailNotifications' && !channels.data)}
                aria-describedby={blocked ? `pref-${key}-why` : undefined}
                onCheckedChange={(checked) =>
                  save.mutate(
                    { [key]: checked },
                    { onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.channels }) },
                  )
                }
              />
            </li>
          );
        })}
      </ul>
      {settings.isError && settings.data === undefined ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {t('profile.notify.loadFailed')}
        </p>
      ) : null}
      <ChannelChoices />
    </>
  );
}
