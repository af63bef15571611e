/**
 * GET/PUT /api/notifications/channels: the channel per kind of message and what each channel
 * needs (decision 050). A change shows at once and moves back, with a toast, when it fails.
 */
import type { ChannelPreferences, ChannelPreferencesUpdate } from '@diacare/contract/channels';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { settingsKeys } from './settings-keys';

export const getChannelPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.channels,
    queryFn: () => api.get<ChannelPreferences>('/api/notifications/channels'),
  });

type Choices = ChannelPreferences['choices'];

/** `choices` with `change` merged in (kinds and channels not named keep theirs). */
function merged(choices: Choices, change: ChannelPreferencesUpdate): Choices {
  const next = { ...choices };
  for (const [kind, channels] of Object.entries(change) as [keyof Choices, Partial<Choices[keyof Choices]>][]) {
    next[kind] = { ...next[kind], ...channels };
  }
  return next;
}

/** Saves one kind × channel choice; the switch moves at once and back on failure. */
export function useSaveChannelChoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ChannelPreferencesUpdate) =>
      api.put<ChannelPreferences>('/api/notifications/channels', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.channels });
      const before = queryClient.getQueryData<ChannelPreferences>(settingsKeys.channels);
      queryClient.setQueryData<ChannelPreferences>(settingsKeys.channels, (old) =>
        old ? { ...old, choices: merged(old.choices, change) } : old,
      );
      return { before };
    },
    onError: (error, _change, context) => {
      console.error('Saving a channel choice failed', error);
      if (context?.before) queryClient.setQueryData(settingsKeys.channels, context.before);
      toast({ title: t('common.error'), description: t('profile.channels.saveFailed'), variant: 'destructive' });
    },
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.channels, saved),
  });
}
