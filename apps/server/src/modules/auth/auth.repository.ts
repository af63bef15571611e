/**
 * SQL for sessions, one-time sign-in codes and OIDC flows. Tokens arrive here already
 * hashed (lib/tokens.ts); expiry is compared with the injected clock's time.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { plainRows } from '../../db/plain-rows.ts';
import { loginCodes, oidcFlows, sessions, users } from '../../db/schema.ts';
import { toUser, userColumns } from '../users/user.repository.ts';

export interface OidcFlow {
  state: string;
  nonce: string;
  code_verifier: string;
  redirect: string;
}

export function createAuthRepository(db: Database) {
  // Every authenticated request runs this lookup: prepared once (built once by Drizzle, parsed
  // and planned once per connection by PostgreSQL) instead of built per request
  // (decision 016: query building was the largest cost of the API under load).
  const sessionUser = db
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), gt(sessions.expires_at, sql.placeholder('now'))))
    .prepare('diacare_session_user');

  return {
    async createSession(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
    },

    /** The signed-in user for a session token hash, or null when unknown or expired. */
    async findSessionUser(tokenHash: string, now: Date) {
      // An ISO text, not a Date: node-postgres writes a Date in the process's local time, field
      // by field, on every request (decision 105); PostgreSQL reads either as the same instant.
      const [row] = await plainRows(sessionUser, { tokenHash, now: now.toISOString() });
      return row ? toUser(row) : null;
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.token_hash, tokenHash));
    },

    async createLoginCode(codeHash: string, userId: string, expiresAt: Date): Promise<void> {
      await db.insert(loginCodes).values({ code_hash: codeHash, user_id: userId, expires_at: expiresAt });
    },

    /**
     * Marks the code used and returns its user id, in one statement so that two
     * concurrent exchanges of one code cannot both succeed. Null when unknown, expired or used.
     */
    async consumeLoginCode(codeHash: string, now: Date): Promise<string | null> {
      const [row] = await db
        .update(loginCodes)
        .set({ used_at: now })
        .where(and(eq(loginCodes.code_hash, codeHash), isNull(loginCodes.used_at), gt(loginCodes.expires_at, now)))
        .returning({ user_id: loginCodes.user_id });
      return row?.user_id ?? null;
    },

    async createOidcFlow(flowHash: string, flow: OidcFlow, expiresAt: Date): Promise<void> {
      await db.insert(oidcFlows).values({ flow_hash: flowHash, ...flow, expires_at: expiresAt });
    },

    /** Removes and returns the flow (single use), or null when unknown or expired. */
    async takeOidcFlow(flowHash: string, now: Date): Promise<OidcFlow | null> {
      const [row] = await db.delete(oidcFlows).where(eq(oidcFlows.flow_hash, flowHash)).returning();
      if (!row || row.expires_at <= now) return null;
      return { state: row.state, nonce: row.nonce, code_verifier: row.code_verifier, redirect: row.redirect };
    },

    /** Housekeeping: drops expired sessions, codes and flows. */
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expires_at, now));
      await db.delete(loginCodes).where(lt(loginCodes.expires_at, now));
      await db.delete(oidcFlows).where(lt(oidcFlows.expires_at, now));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
