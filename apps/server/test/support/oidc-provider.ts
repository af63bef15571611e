/** A local OpenID provider (oidc-provider) standing in for Google, and a browser played with plain HTTP. */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { ORIGIN } from '../helpers.ts';

export const CLIENT_ID = 'diacare-test';
export const CLIENT_SECRET = 'a-client-secret-long-enough-for-the-provider';

/** The provider's people, by subject (what is typed as "login" on its dev login form). */
export const accounts = new Map<string, { email: string; name: string; picture: string; email_verified?: boolean }>([
  ['asha-sub', { email: 'asha@example.com', name: 'Asha Rao', picture: 'https://pictures.example/asha.png' }],
  ['ben-sub', { email: 'ben@example.com', name: 'Ben Thomas', picture: 'https://pictures.example/ben.png' }],
]);

/** ID token claims as a misbehaving provider (or an attacker in its place) would change them. */
export type Tamper = (claims: Record<string, unknown>) => Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  servers: Server[];
  /** Alters the ID token of the next token response (re-signed with the provider's key). */
  tamperNextIdToken(tamper: Tamper): void;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT signed RS256 with `key`, as the provider signs its ID tokens. */
function signJwt(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const input = `${base64url(header)}.${base64url(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/**
 * oidc-provider on an inner server, behind a pass-through front server whose address is the
 * issuer. The front can rewrite one token response's ID token: that is how the tests play a
 * provider answering with a wrong audience, issuer, nonce or an expired token.
 */
export async function startProvider(): Promise<TestProvider> {
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const inner = createServer();
  const front = createServer();
  const innerPort = await listen(inner);
  const issuer = `http://127.0.0.1:${await listen(front)}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = privateKey.export({ format: 'jwk' });
  let pending: Tamper | null = null;

  front.on('request', (request, response) => {
    const tamper = request.method === 'POST' && request.url?.startsWith('/token') ? pending : null;
    if (tamper) pending = null;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: innerPort, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        if (!tamper) {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const [header, claims] = (body.id_token as string)
            .split('.')
            .slice(0, 2)
            .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')));
          body.id_token = signJwt(header, tamper(claims), privateKey);
          const text = JSON.stringify(body);
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode!, headers).end(text);
        });
      },
    );
    request.pipe(upstream);
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${ORIGIN}/auth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client sends the secret in the body by default; Google accepts both ways.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['a-cookie-signing-key-for-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google, put the profile claims in the ID token (DiaCare reads them from there).
    conformIdTokenClaims: false,
    async findAccount(_ctx: unknown, subject: string) {
      const account = accounts.get(subject);
      if (!account) return undefined;
      return {
        accountId: subject,
        claims: async () => ({ sub: subject, email_verified: true, ...account }),
      };
    },
  });
  inner.on('request', provider.callback());
  return {
    issuer,
    servers: [front, inner],
    tamperNextIdToken(tamper) {
      pending = tamper;
    },
  };
}

/** A browser's cookies for the provider: enough of a jar for one sign-in. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=.*1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

const decodeHtml = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x2F;/gi, '/');

/**
 * Plays the browser at the provider: follows redirects, submits the dev login form (with
 * `subject` as the login) and the consent form, and returns the URL the provider finally
 * sends the browser to on DiaCare's origin (/auth/callback?code=…&state=…).
 */
export async function signInAtProvider(authorizationUrl: string, subject: string): Promise<URL> {
  const jar = new CookieJar();
  let request: { url: string; body?: URLSearchParams } = { url: authorizationUrl };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(request.url, {
      method: request.body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(request.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    });
    jar.store(response);
    if (response.status >= 300 && response.status < 400) {
      const location = new URL(response.headers.get('location')!, request.url);
      if (location.origin === ORIGIN) return location;
      request = { url: location.href };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html}`);
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`no form on the provider's page: ${html}`);
    const body = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      if (!name) continue;
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      body.set(name, name === 'login' ? subject : name === 'password' ? 'any password' : decodeHtml(value));
    }
    request = { url: new URL(decodeHtml(form[1]!), request.url).href, body };
  }
  throw new Error('the provider never sent the browser back to DiaCare');
}
