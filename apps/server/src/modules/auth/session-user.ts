/** The user of a request's session cookie, for the session hook (plugins/session.ts) and public routes. */
import type { FastifyRequest } from 'fastify';
import type { User } from '@diacare/contract/users';
import { hashToken } from '../../lib/tokens.ts';
import { readSessionToken } from '../../plugins/session.ts';
import type { AppDeps } from '../../types.ts';
import { createAuthRepository } from './auth.repository.ts';

/**
 * A lookup of the user of a request's session cookie, or null (no cookie, unknown, expired or
 * revoked); its repository (prepared statements) is built once. The session hook uses one for
 * every guarded route; a public route that reads differently for a signed-in person (the
 * invitation preview) makes its own.
 */
export function sessionUserLookup(deps: AppDeps): (request: FastifyRequest) => Promise<User | null> {
  const repository = createAuthRepository(deps.db);
  return async (request) => {
    const token = readSessionToken(request, deps.env.secureCookies);
    return token ? repository.findSessionUser(hashToken(token), deps.clock()) : null;
  };
}
