/**
 * Notification toggles (spec §2 Profile, §3 Notification settings), stored on the server
 * (issue 6). The spec's defaults show while the saved values load; each switch saves on
 * change. Health tips and email are not delivered yet (issue 15): their switches are off,
 * disabled and labelled 'Coming soon' rather than accepting a choice that does nothing.
 */
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/notification-defaults';
import type { NotificationSettings } from '@diacare/contract/reminders';
import { useQuery } from '@tanstack/react-query';
import { Switch } from '../../../components/ui/switch';
import { getNotificationSettingsQueryOptions, useSaveNotificationSetting } from '../api/notification-settings';

const PREFERENCES: { key: keyof NotificationSettings; label: string; comingSoon?: true }[] = [
  { key: 'medicationReminders', label: 'Medication Reminders' },
  { key: 'appointmentReminders', label: 'Appointment Reminders' },
  { key: 'healthTips', label: 'Health Tips', comingSoon: true },
  { key: 'emailNotifications', label: 'Email Notifications', comingSoon: true },
  { key: 'pushNotifications', label: 'Push Notifications' },
];

export function NotificationPreferences() {
  const settings = useQuery(getNotificationSettingsQueryOptions());
  const save = useSaveNotificationSetting();
  const values = settings.data ?? NOTIFICATION_DEFAULTS;
  const loading = settings.isPending;
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-busy={loading}>
        {PREFERENCES.map(({ key, label, comingSoon }) => (
          <li key={key} className="flex items-center justify-between gap-3 py-3">
            <span className="flex min-w-0 flex-wrap items-center gap-2">
              <label
                htmlFor={`pref-${key}`}
                className={comingSoon ? 'text-sm font-medium text-slate-500' : 'text-sm font-medium'}
              >
                {label}
              </label>
              {comingSoon ? (
                <span
                  id={`pref-${key}-soon`}
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600"
                >
                  Coming soon
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
      {settings.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          Could not load your notification settings. Please try again later.
        </p>
      ) : null}
    </>
  );
}
