/**
 * /unsubscribe/{token} (RFC 8058, decision 078): GET shows what the link stops, with a button;
 * POST (the mail app's one-click, or the button) turns that kind of e-mail off for that person,
 * with no session and from any origin: the signed token is the only authority it needs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestLanguage, toLanguage, type Language } from '../../i18n/index.ts';
import type { AppDeps } from '../../types.ts';
import { createUserRepository } from '../users/user.repository.ts';
import { createChannelsRepository } from './channels.repository.ts';
import { choicesFor } from './routing.ts';
import { renderUnsubscribePage } from './unsubscribe-page.ts';
import {
  isUnsubscribeTokenShaped,
  loadUnsubscribeKey,
  verifyUnsubscribeToken,
  type UnsubscribeTarget,
} from './unsubscribe-token.ts';

/** Any string: a malformed token gets the 'invalid' page, not the API's JSON 400. */
const params = z.object({ token: z.string() });
/** The one-click body is 'List-Unsubscribe=One-Click' (RFC 8058 §3.1); nothing in it is needed. */
const BODY_LIMIT_BYTES = 4096;

export const unsubscribeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const channels = createChannelsRepository(deps.db);
  const users = createUserRepository(deps.db);
  let key: Promise<Buffer> | undefined;
  const unsubscribeKey = () =>
    (key ??= loadUnsubscribeKey(deps.db, deps.env).catch((error: unknown) => {
      key = undefined;
      throw error;
    }));

  // The key exists before the first link is opened, so that refusing a bad link never writes (the
  // server's VAPID keys are made on first use); a database not ready yet is retried on first use.
  app.addHook('onReady', async () => {
    await unsubscribeKey().catch(() => undefined);
  });

  // Mail providers post multipart/form-data or a urlencoded form (RFC 8058 §3.1), the button a
  // urlencoded form: any type is read, up to a few KB, and not looked at.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, _body, done) =>
    done(null, null),
  );

  /**
   * The person and kind the token names, with their language; else the status of the 'invalid'
   * page: 400 for a token the server did not sign (cut short, changed, old keys), 404 when the
   * account is gone.
   */
  async function resolve(token: string): Promise<{ target: UnsubscribeTarget; language: Language } | 400 | 404> {
    if (!isUnsubscribeTokenShaped(token)) return 400;
    const target = verifyUnsubscribeToken(await unsubscribeKey(), token);
    if (!target) return 400;
    const user = await users.findById(target.userId);
    return user ? { target, language: toLanguage(user.language) ?? 'en' } : 404;
  }

  const page = (reply: FastifyReply, status: number, options: Parameters<typeof renderUnsubscribePage>[0]) =>
    reply
      .code(status)
      .type('text/html')
      .header('Cache-Control', 'no-store')
      // The token is in this page's address: no link from it sends it on as a Referer.
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Robots-Tag', 'noindex')
      .send(renderUnsubscribePage(options));

  const invalid = (request: FastifyRequest, reply: FastifyReply, status: 400 | 404) =>
    page(reply, status, { state: 'invalid', language: requestLanguage(request) });

  app.get('/unsubscribe/:token', { schema: { hide: true, params } }, async (request, reply) => {
    const { token } = request.params;
    const found = await resolve(token);
    if (typeof found === 'number') return invalid(request, reply, found);
    const { target, language } = found;
    const [stored, role] = await Promise.all([
      channels.choices(target.userId),
      target.kind === 'care_alert' ? channels.careAlertRole(target.userId) : ('patient' as const),
    ]);
    const on = choicesFor(target.kind, role, stored[target.kind]).email;
    return page(reply, 200, {
      state: on ? 'confirm' : 'already',
      language,
      kind: target.kind,
      action: `/unsubscribe/${token}`,
    });
  });

  app.post(
    '/unsubscribe/:token',
    { schema: { hide: true, params }, config: { anyOrigin: true } },
    async (request, reply) => {
      const { token } = request.params;
      const found = await resolve(token);
      if (typeof found === 'number') return invalid(request, reply, found);
      const { target, language } = found;
      await channels.saveChoices(target.userId, { [target.kind]: { email: false } }, deps.clock());
      return page(reply, 200, { state: 'done', language, kind: target.kind });
    },
  );
};
