/**
 * /api/assistant/messages: the conversation (GET, DELETE) and a question whose answer streams
 * back as NDJSON (POST). Messages are stored per user, capped, and never logged; answers and
 * errors are in the user's language.
 * Decision 017.
 */
import {
  ASSISTANT_HISTORY_LIMIT,
  assistantHistorySchema,
  assistantInputSchema,
  assistantStreamEventSchema,
  type AssistantStreamEvent,
} from '@diacare/contract/assistant';
import { errorSchema } from '@diacare/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { currentUser } from '../../plugins/session.ts';
import { createRateLimit } from '../auth/sign-in-rate-limit.ts';
import { msg, requestLanguage, t } from '../../i18n/index.ts';
import type { AppDeps } from '../../types.ts';
import { createAssistantRepository } from './assistant.repository.ts';
import { createAssistant, type AssistantOptions } from './assistant.service.ts';
import { escalationFor } from './guard-rails.ts';

/** Turns of earlier conversation an engine sees. */
const CONTEXT_TURNS = 6;

export interface AssistantRoutesOptions extends AppDeps {
  /** Tests replace the model (AI SDK mock) without an HTTP endpoint. */
  assistantLlm?: AssistantOptions['llm'];
}

export const assistantRoutes: FastifyPluginAsyncZod<AssistantRoutesOptions> = async (app, deps) => {
  const repository = createAssistantRepository(deps.db);
  const assistant = createAssistant({ db: deps.db, env: deps.env, llm: deps.assistantLlm });
  // Per user, not per IP, in the store all instances share: the session hook (an app-level
  // onRequest hook) has set request.user before this route-level hook runs.
  const rateLimit = await createRateLimit(deps.env, deps.db, {
    points: deps.env.ASSISTANT_RATE_LIMIT_PER_MINUTE,
    keyPrefix: 'assistant',
    key: (request) => currentUser(request).id,
    // The server's catalog message, rendered in the request's language by the error handler.
    message: (seconds) => msg('error.too_many_questions', { seconds }),
  });
  app.addHook('onClose', () => rateLimit.close());
  const limited = rateLimit.hook('messages');

  app.get(
    '/api/assistant/messages',
    {
      schema: {
        tags: ['assistant'],
        summary: `The conversation, oldest first (the last ${ASSISTANT_HISTORY_LIMIT} messages)`,
        response: { 200: assistantHistorySchema },
      },
    },
    async (request) => ({ messages: await repository.list(currentUser(request).id, ASSISTANT_HISTORY_LIMIT) }),
  );

  app.delete(
    '/api/assistant/messages',
    { schema: { tags: ['assistant'], summary: 'Clear the conversation', response: { 204: z.null() } } },
    async (request, reply) => {
      await repository.clear(currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/assistant/messages',
    {
      // After the body is read: a message the guard rails read as urgent ('sugar 40 and I am fainting') is
      // answered even past the limit, with 'Call 112' or the low steps, never a wait (decision 114).
      preHandler: async (request, reply) => {
        if (escalationFor(request.body.content) !== null) return;
        await limited(request, reply);
      },
      schema: {
        tags: ['assistant'],
        summary: 'Ask a question; the answer streams as NDJSON: user, delta…, done (or error)',
        body: assistantInputSchema,
        response: {
          200: assistantStreamEventSchema.meta({
            description: 'application/x-ndjson: one event per line — user, delta…, then done or error',
          }),
          400: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = requestLanguage(request);
      const question = request.body.content;
      const history = (await repository.list(user.id, CONTEXT_TURNS)).map((m) => ({
        role: m.role,
        content: m.content,
      }));
      const userMessage = await repository.add(user.id, { role: 'user', content: question, engine: null });

      const stream = new PassThrough();
      const write = (event: AssistantStreamEvent) => stream.write(`${JSON.stringify(event)}\n`);
      write({ type: 'user', message: userMessage });
      void (async () => {
        try {
          const answer = await assistant.answer(
            {
              question,
              history,
              context: {
                userId: user.id,
                zone: user.timezone,
                now: deps.clock(),
                glucoseUnit: user.glucose_unit,
                language,
              },
            },
            (text) => write({ type: 'delta', text }),
          );
          const saved = await repository.add(user.id, {
            role: 'assistant',
            content: answer.text,
            engine: answer.engine,
            links: answer.links,
            sources: answer.sources,
          });
          write({ type: 'done', message: saved });
        } catch (error) {
          // The error's type only: a message could quote the question.
          request.log.error({ err: { type: error instanceof Error ? error.name : typeof error } }, 'assistant failed');
          write({ type: 'error', detail: t(language, 'error.assistant_failed') });
        } finally {
          stream.end();
        }
      })();
      return reply
        .header('Content-Type', 'application/x-ndjson')
        .header('Cache-Control', 'no-store')
        .header('X-Accel-Buffering', 'no')
        .send(stream as never); // a stream bypasses the response serializer
    },
  );
};
