/** GET /api/config: the runtime settings the signed-in app shows. */
import { appConfigSchema } from '@diacare/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../types.ts';
import { assistantConfig } from '../assistant/assistant.service.ts';

export const configRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { env }) => {
  const config = {
    chat_agent_url: env.CHAT_AGENT_URL ?? null,
    pharmacy_url: env.PHARMACY_URL,
    store_url: env.STORE_URL,
    support_email: env.SUPPORT_EMAIL,
    support_phone: env.SUPPORT_PHONE,
    privacy_email: env.PRIVACY_EMAIL,
    privacy_phone: env.PRIVACY_PHONE,
    assistant: assistantConfig(env),
  };
  app.get(
    '/api/config',
    { schema: { tags: ['config'], summary: 'Links and contacts the app shows', response: { 200: appConfigSchema } } },
    async () => config,
  );
};
