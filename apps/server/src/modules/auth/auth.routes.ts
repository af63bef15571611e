/**
 * Sign-in: /auth/login (Google through OIDC, or the local page),
 * /auth/callback, and the API half: POST /api/auth/session, GET /api/auth/me,
 * POST /api/auth/logout.
 */
import formbody from '@fastify/formbody';
import { okSchema, sessionRequestSchema, sessionResponseSchema } from '@diacare/contract/auth';
import { errorSchema, hasVisibleText, stripBidiControls } from '@diacare/contract/common';
import { userSchema } from '@diacare/contract/users';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_COOKIE, requestLanguage, t, toLanguage, type MessageId } from '../../i18n/index.ts';
import { validationText } from '../../i18n/validation.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { httpError } from '../../plugins/errors.ts';
import {
  SESSION_TTL_MS,
  clearSessionCookie,
  currentUser,
  readSessionToken,
  setSessionCookie,
} from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createUserService } from '../users/user.service.ts';
import { createUserRepository } from '../users/user.repository.ts';
import { createAuthRepository } from './auth.repository.ts';
import { localSignInCss, renderLocalSignInPage } from './local-sign-in-page.ts';
import { createOidcClient } from './oidc.ts';
import { renderSignInErrorPage } from './sign-in-error-page.ts';
import { createSignInRateLimit } from './sign-in-rate-limit.ts';

/** One-time codes live 60 s. */
const LOGIN_CODE_TTL_MS = 60_000;
/** A started Google sign-in must come back within 10 minutes. */
const OIDC_FLOW_TTL_MS = 10 * 60_000;
const OIDC_FLOW_COOKIE = 'diacare_oidc';

/** The form's rules; each message is a catalog id, shown in the page's language. */
const localSignInSchema = z.object({
  name: z
    .string()
    .overwrite(stripBidiControls)
    .trim()
    .min(1, { error: 'signin.local.enter_name' })
    .max(100, { error: 'signin.local.name_too_long' })
    .refine(hasVisibleText, { error: 'signin.local.enter_name' }),
  email: z.email({ error: 'signin.local.enter_email' }).max(254, { error: 'signin.local.enter_email' }),
});

/** The sign-in pages' language lives this long in LANGUAGE_COOKIE (a Google round trip). */
const LANGUAGE_COOKIE_MAX_AGE_S = 10 * 60;

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { env, clock } = deps;
  const auth = createAuthRepository(deps.db);
  const usersRepo = createUserRepository(deps.db);
  const userService = createUserService(deps);
  const oidc = env.oidcEnabled ? createOidcClient(env) : null;
  const rateLimit = await createSignInRateLimit(env, deps.db);
  app.addHook('onClose', () => rateLimit.close());

  /** `redirect` must be on the app's own origin: no open redirect. */
  function checkedRedirect(redirect: string | undefined): string {
    const target = redirect ?? `${env.appOrigin}/`;
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      throw httpError(400, 'error.redirect_not_url');
    }
    if (!env.allowedOrigins.has(url.origin)) throw httpError(400, 'error.redirect_off_origin');
    url.hash = '';
    return url.toString();
  }

  /** Ends a sign-in: a one-time code for the SPA, handed over in the URL fragment. */
  async function redirectWithLoginCode(reply: FastifyReply, userId: string, redirect: string) {
    const code = newToken();
    await auth.createLoginCode(hashToken(code), userId, new Date(clock().getTime() + LOGIN_CODE_TTL_MS));
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(`${redirect}#session_id=${code}`, 303);
  }

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });
    const pages = scope.withTypeProvider<ZodTypeProvider>();

    pages.get('/auth/login.css', async (_request, reply) =>
      reply.type('text/css').header('Cache-Control', 'public, max-age=3600').send(localSignInCss),
    );

    pages.get(
      '/auth/login',
      {
        schema: {
          hide: true,
          querystring: z.object({ redirect: z.string().optional(), lang: z.string().optional() }),
        },
        onRequest: rateLimit.hook('login-page'),
      },
      async (request, reply) => {
        const redirect = checkedRedirect(request.query.redirect);
        const language = requestLanguage(request);
        // The SPA's choice (?lang=) outlives the trip to Google: the refusal page reads it.
        if (toLanguage(request.query.lang)) {
          reply.setCookie(LANGUAGE_COOKIE, language, {
            httpOnly: true,
            sameSite: 'lax',
            path: '/auth',
            secure: env.secureCookies,
            maxAge: LANGUAGE_COOKIE_MAX_AGE_S,
          });
        }
        if (oidc) {
          const started = await oidc.startAuthorization();
          const flowToken = newToken();
          await auth.createOidcFlow(
            hashToken(flowToken),
            { state: started.state, nonce: started.nonce, code_verifier: started.codeVerifier, redirect },
            new Date(clock().getTime() + OIDC_FLOW_TTL_MS),
          );
          reply.setCookie(OIDC_FLOW_COOKIE, flowToken, {
            httpOnly: true,
            sameSite: 'lax',
            path: '/auth',
            secure: env.secureCookies,
            maxAge: OIDC_FLOW_TTL_MS / 1000,
          });
          return reply.redirect(started.url.toString(), 302);
        }
        if (!env.localSignInEnabled) throw httpError(503, 'error.sign_in_not_configured');
        return reply
          .type('text/html')
          .header('Cache-Control', 'no-store')
          .send(renderLocalSignInPage({ redirect, language }));
      },
    );

    pages.post(
      '/auth/login',
      {
        schema: {
          hide: true,
          body: z.object({ name: z.string(), email: z.string(), redirect: z.string(), lang: z.string() }).partial(),
        },
        onRequest: rateLimit.hook('login-form'),
      },
      async (request, reply) => {
        if (oidc || !env.localSignInEnabled) throw httpError(403, 'error.local_sign_in_off');
        const redirect = checkedRedirect(request.body.redirect);
        const parsed = localSignInSchema.safeParse(request.body);
        if (!parsed.success) {
          const language = toLanguage(request.body.lang) ?? requestLanguage(request);
          const error = validationText(language, parsed.error.issues[0]!.message);
          return reply
            .code(400)
            .type('text/html')
            .send(renderLocalSignInPage({ redirect, language, error, values: request.body }));
        }
        const email = parsed.data.email.toLowerCase();
        const user = await usersRepo.upsertByIdentity({
          issuer: 'local',
          subject: email,
          email,
          name: parsed.data.name,
          picture: null,
        });
        return redirectWithLoginCode(reply, user.id, redirect);
      },
    );

    pages.get(
      '/auth/callback',
      { schema: { hide: true }, onRequest: rateLimit.hook('callback') },
      async (request, reply) => {
        if (!oidc) throw httpError(404, 'error.google_not_configured');
        const flowToken = request.cookies[OIDC_FLOW_COOKIE];
        reply.clearCookie(OIDC_FLOW_COOKIE, { path: '/auth' });
        // The browser lands here from the provider: a refusal is a page with a way back
        // (decision 013), never the API's JSON.
        const language = requestLanguage(request);
        const refuse = (id: MessageId) =>
          reply
            .code(400)
            .type('text/html')
            .header('Cache-Control', 'no-store')
            .send(renderSignInErrorPage(t(language, id), language));
        const flow = flowToken ? await auth.takeOidcFlow(hashToken(flowToken), clock()) : null;
        if (!flow) return refuse('signin.refused.link_expired');
        let identity;
        try {
          identity = await oidc.finishAuthorization(new URL(request.url, env.appOrigin), {
            state: flow.state,
            nonce: flow.nonce,
            codeVerifier: flow.code_verifier,
          });
        } catch (error) {
          request.log.warn({ reason: error instanceof Error ? error.name : 'unknown' }, 'OIDC callback rejected');
          return refuse('signin.refused.not_confirmed');
        }
        const user = await usersRepo.upsertByIdentity(identity);
        return redirectWithLoginCode(reply, user.id, flow.redirect);
      },
    );
  });

  app.post(
    '/api/auth/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the one-time sign-in code for a session cookie',
        body: sessionRequestSchema,
        response: { 200: sessionResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
      config: { public: true },
      onRequest: rateLimit.hook('session'),
    },
    async (request, reply) => {
      const now = clock();
      const userId = await auth.consumeLoginCode(hashToken(request.body.session_id), now);
      if (!userId) throw httpError(401, 'error.sign_in_code_invalid');
      // Signed in from another zone: the unsent doses move to it at once.
      const user = await userService.signedIn(userId, request.body.timezone);
      if (!user) throw httpError(401, 'error.sign_in_code_invalid');
      const token = newToken();
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await auth.createSession(user.id, hashToken(token), expiresAt);
      setSessionCookie(reply, token, env.secureCookies, expiresAt);
      return { user };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema } } },
    async (request) => currentUser(request),
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['auth'], summary: 'Revoke this session', response: { 200: okSchema } } },
    async (request, reply) => {
      const token = readSessionToken(request, env.secureCookies);
      if (token) await auth.deleteSession(hashToken(token));
      clearSessionCookie(reply, env.secureCookies);
      return { ok: true as const };
    },
  );
};
