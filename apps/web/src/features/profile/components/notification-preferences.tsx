/**
 * Notification toggles (spec §2 Profile, §3 Notification settings), stored on the server
 * (issue 6). The spec's defaults show while the saved values load; each switch saves on
 * change.
 */
import { NOTIFICATION_DEFAULTS } from '@diacare/contract/notification-defaults';
import type { NotificationSettings } from '@diacare/contract/reminders';
import { useQuery } from '@tanstack/react-query';
import { Switch } from '../../../components/ui/switch';
import { getNotificationSettingsQueryOptions, useSaveNotificationSetting } from '../api/notification-settings';

const PREFERENCES: { key: keyof NotificationSettings; label: string }[] = [
  { key: 'medicationReminders', label: 'Medication Reminders' },
  { key: 'appointmentReminders', label: 'Appointment Reminders' },
  { key: 'healthTips', label: 'Health Tips' },
  { key: 'emailNotifications', label: 'Email Notifications' },
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
        {PREFERENCES.map(({ key, label }) => (
          <li key={key} className="flex items-center justify-between py-3">
            <label htmlFor={`pref-${key}`} className="text-sm font-medium">
              {label}
            </label>
            <Switch
              id={`pref-${key}`}
              checked={values[key]}
              disabled={!settings.data}
              onCheckedChange={(checked) => save.mutate({ [key]: checked })}
            />
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
