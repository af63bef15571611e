/**
 * Notification toggles (spec §2 Profile, §3 Notification settings). Kept on this screen
 * only for now, with the spec's defaults; the reminders issue stores them on the server.
 */
import { useState } from 'react';
import { Switch } from '../../../components/ui/switch';

const PREFERENCES = [
  { key: 'medicationReminders', label: 'Medication Reminders', initial: true },
  { key: 'appointmentReminders', label: 'Appointment Reminders', initial: true },
  { key: 'healthTips', label: 'Health Tips', initial: false },
  { key: 'emailNotifications', label: 'Email Notifications', initial: true },
  { key: 'pushNotifications', label: 'Push Notifications', initial: true },
] as const;

type PreferenceKey = (typeof PREFERENCES)[number]['key'];

export function NotificationPreferences() {
  const [values, setValues] = useState<Record<PreferenceKey, boolean>>(
    () => Object.fromEntries(PREFERENCES.map((p) => [p.key, p.initial])) as Record<PreferenceKey, boolean>,
  );
  return (
    <ul className="divide-y divide-slate-100">
      {PREFERENCES.map(({ key, label }) => (
        <li key={key} className="flex items-center justify-between py-3">
          <label htmlFor={`pref-${key}`} className="text-sm font-medium">
            {label}
          </label>
          <Switch
            id={`pref-${key}`}
            checked={values[key]}
            onCheckedChange={(checked) => setValues((old) => ({ ...old, [key]: checked }))}
          />
        </li>
      ))}
    </ul>
  );
}
