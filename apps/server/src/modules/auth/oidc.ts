/**
 * "Continue with Google" through OpenID Connect (openid-client): authorization code with
 * PKCE, state and nonce, ID token verified by the library.
 */
import * as oidc from 'openid-client';
import type { Env } from '../../config/env.ts';

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

/** Creates the OIDC client for `env`; discovery runs on first use and is retried after a failure. */
export function createOidcClient(env: Env) {
  let configuration: Promise<oidc.Configuration> | null = null;
  const redirectUri = `${env.appOrigin}/auth/callback`;

  function getConfiguration(): Promise<oidc.Configuration> {
    if (!configuration) {
      const issuer = new URL(env.OIDC_ISSUER);
      // Plain http is allowed only for a provider on this machine (the tests' local provider).
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      configuration = oidc
        .discovery(
          issuer,
          env.OIDC_CLIENT_ID!,
          env.OIDC_CLIENT_SECRET,
          undefined,
          issuer.protocol === 'http:' && loopback ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          configuration = null;
          throw error;
        });
    }
    return configuration;
  }

  return {
    /** A fresh authorization request: the URL to send the browser to and the secrets to keep. */
    async startAuthorization(): Promise<AuthorizationRequest> {
      const config = await getConfiguration();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url, state, nonce, codeVerifier };
    },

    /**
     * Exchanges the code in `callbackUrl` and verifies the ID token against the stored
     * state, nonce and PKCE verifier. @throws when any check fails.
     */
    async finishAuthorization(
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<VerifiedIdentity> {
      const config = await getConfiguration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
      return {
        issuer: claims.iss,
        subject: claims.sub,
        // An address the provider has not verified may not be the person's: it is not stored
        // (decision 013; OpenID Connect Core 1.0 §5.1, email_verified).
        email: claims.email_verified === true ? text(claims.email) : null,
        name: text(claims.name),
        picture: text(claims.picture),
      };
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;
