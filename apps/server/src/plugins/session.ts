/**
 * Session handling: the cookie's name and attributes, and one hook that makes every
 * /api route require a session unless the route is marked `config.public`. Because the
 * hook is global, a new route cannot forget authentication (test: routes-require-auth).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@diacare/contract/users';
import { httpError } from './errors.ts';

/** Sessions last 30 days from sign-in. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** `__Host-` binds the cookie to the exact https origin; plain HTTP cannot use the prefix. */
export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-diacare_session' : 'diacare_session';
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, expires: Date): void {
  reply.setCookie(sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(sessionCookieName(secure), { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function readSessionToken(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[sessionCookieName(secure)];
}

/** The signed-in user of a request that passed the session hook. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw httpError(401, 'error.not_signed_in');
  return request.user;
}

/**
 * Makes every /api route not marked `config.public` require a session: `findUser` (the auth
 * module's sessionUserLookup, passed in by app.ts: plugins do not import modules) reads it.
 */
export function registerSessionHook(
  app: FastifyInstance,
  findUser: (request: FastifyRequest) => Promise<User | null>,
): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL: the router decodes '/%61pi/…' to '/api/…'. Read once:
    // Fastify builds routeOptions anew at each read (decision 105).
    const { url: route, config } = request.routeOptions;
    if (!route?.startsWith('/api/') || request.is404 || config.public) return;
    const user = await findUser(request);
    if (!user) throw httpError(401, 'error.session_expired');
    request.user = user;
  });
}
