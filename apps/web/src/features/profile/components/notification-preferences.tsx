/**
 * Notification toggles, stored on the server
 *. The spec's defaults show while the saved values load; each switch saves on
 * change. Health tips are one short tip a week by push. E-mail is not delivered yet
 *: its switch is off, disabled and labelled 'Coming soon' rather than accepting a
 * choice that does nothing.
 * Offline and never loaded, the defaults are not shown as if they were the user's.
 */
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/notification-defaults';
import type { NotificationSettings } from '@diacare/contract/reminders';
import { useQuery } from '@tanstack/react-query';
import { Switch } from '../../../components/ui/switch';
import type { MessageId } from '../../../lib/i18n/i18n';
import { useT } from '../../../lib/i18n/language-provider';
import { isUnreachable, OfflineFirstTime } from '../../../lib/offline/offline-states';
import { getNotificationSettingsQueryOptions, useSaveNotificationSetting } from '../api/notification-settings';

const PREFERENCES: { key: keyof NotificationSettings; label: MessageId; comingSoon?: true }[] = [
  { key: 'medicationReminders', label: 'profile.notify.medication' },
  { key: 'appointmentReminders', label: 'profile.notify.appointment' },
  { key: 'healthTips', label: 'profile.notify.tips' },
  { key: 'emailNotifications', label: 'profile.notify.email', comingSoon: true },
  { key: 'pushNotifications', label: 'profile.notify.push' },
];

export function NotificationPreferences() {
  const settings = useQuery(getNotificationSettingsQueryOptions());
  const save = useSaveNotificationSetting();
  const values = settings.data ?? NOTIFICATION_DEFAULTS;
  const loading = settings.isPending;
  const t = useT();
  if (isUnreachable(settings)) return <OfflineFirstTime compact />;
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-busy={loading}>
        {PREFERENCES.map(({ key, label, comingSoon }) => (
          <li key={key} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 flex-[1_1_8rem] flex-wrap items-center gap-2">
              <label
                htmlFor={`pref-${key}`}
                className={comingSoon ? 'text-sm font-medium text-slate-500' : 'text-sm font-medium'}
              >
                {t(label)}
              </label>
              {comingSoon ? (
                <span
                  id={`pref-${key}-soon`}
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600"
                >
                  {t('profile.notify.comingSoon')}
                </span>
              ) : null}
            </span>
            {comingSoon ? (
              <Switch id={`pref-${key}`} checked={false} disabled aria-describedby={`pref-${key}-soon`} />
            ) : (
              <Switch
                id={`pref-${key}`}
                checked={values[key]}
                disabled={!settings.data}
                onCheckedChange={(checked) => save.mutate({ [key]: checked })}
              />
            )}
          </li>
        ))}
      </ul>
      {settings.isError && settings.data === undefined ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {t('profile.notify.loadFailed')}
        </p>
      ) : null}
    </>
  );
}
