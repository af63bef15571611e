/**
 * GET/PUT /api/notifications/channels: the user's channel per kind, with what the server and
 * the user have for each channel (decision 050).
 */
import {
  channelPreferencesSchema,
  channelPreferencesUpdateSchema,
  NOTIFICATION_KINDS,
  type ChannelPreferences,
} from '@diacare/contract/channels';
import { errorSchema } from '@diacare/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createSettingsRepository } from '../settings/settings.repository.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { availableChannels, channelStatuses, choicesFor } from './routing.ts';

export const channelsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const repository = createChannelsRepository(deps.db);
  const settings = createSettingsRepository(deps.db);
  const available = availableChannels(deps.env);

  async function preferences(userId: string): Promise<ChannelPreferences> {
    const [stored, switches, reach, careRole] = await Promise.all([
      repository.choices(userId),
      settings.get(userId),
      repository.reach(userId),
      repository.careAlertRole(userId),
    ]);
    const choices = Object.fromEntries(
      NOTIFICATION_KINDS.map((kind) => [
        kind,
        choicesFor(kind, kind === 'care_alert' ? careRole : 'patient', stored[kind]),
      ]),
    ) as ChannelPreferences['choices'];
    return { channels: channelStatuses(available, switches, reach), choices };
  }

  app.get(
    '/api/notifications/channels',
    {
      schema: {
        tags: ['settings'],
        summary: 'Channels per kind of message, and whether each channel can be used',
        response: { 200: channelPreferencesSchema },
      },
    },
    async (request) => preferences(currentUser(request).id),
  );

  app.put(
    '/api/notifications/channels',
    {
      schema: {
        tags: ['settings'],
        summary: 'Turn channels on or off per kind of message',
        body: channelPreferencesUpdateSchema,
        response: { 200: channelPreferencesSchema, 400: errorSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await repository.saveChoices(userId, request.body, deps.clock());
      return preferences(userId);
    },
  );
};
