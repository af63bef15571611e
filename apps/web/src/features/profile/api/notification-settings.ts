/**
 * GET/PUT /api/settings/notifications (spec §3 Notification settings, §7): the five
 * preferences, stored on the server. PUT takes any subset and returns the full object.
 */
import type { NotificationSettings } from '@diacare/contract/reminders';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';

const settingsKey = ['settings', 'notifications'] as const;

export const getNotificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
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
    mutationFn: (change: Partial<NotificationSettings>) =>
      api.put<NotificationSettings>('/api/settings/notifications', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKey });
      const before = queryClient.getQueryData<NotificationSettings>(settingsKey);
      queryClient.setQueryData<NotificationSettings>(settingsKey, (old) => (old ? { ...old, ...change } : old));
      return { before };
    },
    onError: (error, change, context) => {
      console.error('Saving a notification setting failed', error);
      const restore = Object.fromEntries(
        Object.keys(change).map((key) => [key, context?.before?.[key as keyof NotificationSettings]]),
      ) as Partial<NotificationSettings>;
      queryClient.setQueryData<NotificationSettings>(settingsKey, (old) => (old ? { ...old, ...restore } : old));
      toast({
        title: 'Error',
        description: 'Failed to save notification settings. Please try again.',
        variant: 'destructive',
      });
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
