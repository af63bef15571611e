/**
 * GET/PUT /api/settings/notifications: the five
 * preferences, stored on the server. PUT takes any subset and returns the full object; it goes
 * through the outbox.
 */
import type { NotificationSettings } from '@diacare/contract/reminders';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { outboxWrite, registerApplier } from '../../../lib/offline/lazy-outbox';
import { settingsKeys } from './settings-keys';

/** A settings change in the outbox shows at once: its keys merged into the cached settings. */
registerApplier('settings', {
  keys: [settingsKeys.notifications],
  apply(data, entry) {
    const change = entry.body as Partial<NotificationSettings>;
    const settings = data as NotificationSettings;
    return Object.entries(change).every(([key, value]) => settings[key as keyof NotificationSettings] === value)
      ? data
      : { ...settings, ...change };
  },
});

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.notifications,
    queryFn: () => api.get<NotificationSettings>('/api/settings/notifications'),
  });

/**
 * Saves one preference. The switch moves at once (optimistic); on failure it moves back
 * and an error toast says so. Only the changed key is rolled back, so two quick toggles
 * do not undo each other.
 */
export function useSaveNotificationSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    // The outbox keeps writes made offline: the mutation runs without a network.
    networkMode: 'always',
    mutationFn: (change: Partial<NotificationSettings>) =>
      outboxWrite<NotificationSettings | null>(
        {
          kind: 'settings',
          method: 'PUT',
          path: '/api/settings/notifications',
          body: change,
          label: t('common.outbox.settings'),
        },
        () => null,
      ),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.notifications });
      const before = queryClient.getQueryData<NotificationSettings>(settingsKeys.notifications);
      queryClient.setQueryData<NotificationSettings>(settingsKeys.notifications, (old) =>
        old ? { ...old, ...change } : old,
      );
      return { before };
    },
    onError: (error, change, context) => {
      console.error('Saving a notification setting failed', error);
      const restore = Object.fromEntries(
        Object.keys(change).map((key) => [key, context?.before?.[key as keyof NotificationSettings]]),
      ) as Partial<NotificationSettings>;
      queryClient.setQueryData<NotificationSettings>(settingsKeys.notifications, (old) =>
        old ? { ...old, ...restore } : old,
      );
      toast({
        title: t('common.error'),
        description: t('profile.notifications.saveFailed'),
        variant: 'destructive',
      });
    },
    // Queued (null): the switch keeps its new position and the outbox re-applies it on fresh data.
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(settingsKeys.notifications, saved);
    },
  });
}
