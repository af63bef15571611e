/** "Continue with Google" played end to end against the local provider, shared by the OIDC tests. */
import { afterAll, beforeAll, expect } from 'vitest';
import { ORIGIN, createTestApp, type TestApp } from '../helpers.ts';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  signInAtProvider,
  startProvider,
  type Tamper,
  type TestProvider,
} from './oidc-provider.ts';

/**
 * Starts the local provider and a PGlite test app signing in with it for the enclosing describe
 * (both closed after it). Returns `t` and `provider` (read them inside tests) and the steps of
 * the browser's round trip.
 */
export function oidcSignInFlow() {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp('pglite', {
      env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const server of provider?.servers ?? []) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  /** Starts at DiaCare's /auth/login, as "Continue with Google" does. */
  async function startSignIn() {
    const response = await t.app.inject({ url: `/auth/login?redirect=${encodeURIComponent(`${ORIGIN}/`)}` });
    expect(response.statusCode).toBe(302);
    const flowCookie = response.cookies.find((c) => c.name === 'diacare_oidc');
    expect(flowCookie).toBeDefined();
    return { response, location: response.headers.location as string, flowCookie: flowCookie! };
  }

  /**
   * The whole round trip up to DiaCare's callback; returns the callback response.
   * `tamper` alters the ID token the provider then hands DiaCare.
   */
  async function signInThroughProvider(subject: string, tamper?: Tamper) {
    const { location, flowCookie } = await startSignIn();
    const callback = await signInAtProvider(location, subject);
    if (tamper) provider.tamperNextIdToken(tamper);
    return t.app.inject({
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `diacare_oidc=${flowCookie.value}` },
    });
  }

  /** Exchanges the `#session_id=` of a callback's redirect at POST /api/auth/session. */
  async function exchangeCode(callback: Awaited<ReturnType<typeof signInThroughProvider>>) {
    expect(callback.statusCode).toBe(303);
    const location = callback.headers.location as string;
    expect(location).toMatch(/^http:\/\/localhost:3000\/#session_id=[\w-]{43}$/);
    const code = location.split('#session_id=')[1]!;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      headers: { origin: ORIGIN },
      payload: { session_id: code },
    });
  }

  return {
    get t() {
      return t;
    },
    get provider() {
      return provider;
    },
    startSignIn,
    signInThroughProvider,
    exchangeCode,
  };
}
