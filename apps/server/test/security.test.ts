/**
 * Browser-facing protections: same-origin and JSON-only
 * state changes (CSRF), the body limit, security headers and CSP, public docs, 404s,
 * hidden server errors, and logs that keep secrets and personal data out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions, redactPath } from '../src/app.ts';
import { DRIVERS, ORIGIN, createTestApp, signIn, type SignedInUser, type TestApp } from './helpers.ts';

/** The CSP header as a map from directive to its sources. */
function cspDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

describe.each(DRIVERS)('browser protections on %s', (driver) => {
  let t: TestApp;
  let asha: SignedInUser;
  const readName = async () => (await asha.request({ url: '/api/users/me' })).json().name;

  beforeAll(async () => {
    t = await createTestApp(driver);
    asha = await signIn(t.app, { name: 'Asha Rao', email: 'asha@example.com' });
  });
  afterAll(() => t.close());

  it('a PUT without an Origin header is refused with 403 and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: { cookie: asha.cookie },
      payload: { name: 'Changed' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await readName()).toBe('Asha Rao');
  });

  it.each(['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'http://localhost:3001'])(
    'a PUT from the foreign Origin %s is refused with 403 and changes nothing',
    async (origin) => {
      const response = await asha.request({
        method: 'PUT',
        url: '/api/users/me',
        headers: { origin },
        payload: { name: 'Changed' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: expect.any(String) });
      expect(await readName()).toBe('Asha Rao');
    },
  );

  it('a POST without an Origin header is refused with 403: logout from another site does not sign Asha out', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: asha.cookie } });
    expect(response.statusCode).toBe(403);
    expect((await asha.request({ url: '/api/auth/me' })).statusCode).toBe(200);
  });

  it('a sign-in form posted from a foreign site is refused with 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Asha', email: 'asha@example.com', redirect: `${ORIGIN}/` }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
  });

  it.each([
    ['text/plain', JSON.stringify({ name: 'Changed' })],
    ['application/x-www-form-urlencoded', 'name=Changed'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nChanged\r\n--x--\r\n',
    ],
  ])('a same-origin PUT with a %s body is refused with 415 and changes nothing', async (type, payload) => {
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await readName()).toBe('Asha Rao');
  });

  it('a text/plain body sent to a percent-encoded API path is refused with 415 too', async () => {
    const response = await asha.request({
      method: 'PUT',
      url: '/%61pi/users/me',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'Changed' }),
    });
    expect(response.statusCode).toBe(415);
    expect(await readName()).toBe('Asha Rao');
  });

  it('a body over 64 KB is refused with 413 and a detail, and changes nothing', async () => {
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: 'Changed', address: 'x'.repeat(65 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await readName()).toBe('Asha Rao');
  });

  it('the CSP forbids plugins, <base> and being framed, and allows no frames when there is no chat agent', async () => {
    const response = await t.app.inject({ url: '/auth/login' });
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('API responses carry the security headers too', async () => {
    const response = await asha.request({ url: '/api/users/me' });
    expect(cspDirectives(response.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API docs and the OpenAPI document are reachable without a session', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);

    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/auth/session', '/api/users/me']));
  });

  it('an unknown /api path is 404 with a detail, with or without a session', async () => {
    const anonymous = await t.app.inject({ url: '/api/no-such-thing' });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ detail: expect.any(String) });

    const signedIn = await asha.request({ method: 'DELETE', url: '/api/no-such-thing/42' });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toEqual({ detail: expect.any(String) });
  });

  it('a malformed JSON body is a 400 with a detail, never a 500', async () => {
    const response = await asha.request({
      method: 'PUT',
      url: '/api/users/me',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: expect.any(String) });
  });

  describe('with a chat agent (CHAT_AGENT_URL)', () => {
    let chat: TestApp;
    beforeAll(async () => {
      chat = await createTestApp(driver, {
        env: { CHAT_AGENT_URL: 'https://agent.example/embed/diacare?theme=light' },
      });
    });
    afterAll(() => chat.close());

    it("the CSP's frame-src is exactly the chat agent's origin", async () => {
      const response = await chat.app.inject({ url: '/auth/login' });
      const csp = cspDirectives(response.headers['content-security-policy']);
      expect(csp.get('frame-src')).toEqual(['https://agent.example']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    });
  });

  describe('logs', () => {
    let logged: TestApp;
    const lines: string[] = [];
    beforeAll(async () => {
      // The production logger configuration, at its most talkative level, writing to memory.
      const options = loggerOptions('trace') as Record<string, unknown>;
      logged = await createTestApp(driver, {
        logger: { ...options, stream: { write: (line: string) => lines.push(line) } },
      });
    });
    afterAll(() => logged.close());

    it('hold no session token, one-time code, phone number or query string', async () => {
      const login = await logged.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ name: 'Asha', email: 'asha@example.com', redirect: `${ORIGIN}/` }).toString(),
      });
      const code = new URL(login.headers.location as string).hash.replace('#session_id=', '');
      const session = await logged.app.inject({
        method: 'POST',
        url: '/api/auth/session',
        headers: { origin: ORIGIN },
        payload: { session_id: code },
      });
      expect(session.statusCode).toBe(200);
      const token = session.cookies.find((c) => c.name === 'diacare_session')!.value;
      const put = await logged.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: { origin: ORIGIN, cookie: `diacare_session=${token}` },
        payload: { phone: '9876501234' },
      });
      expect(put.statusCode).toBe(200);
      // A query string the route does not take is refused, and still not logged.
      const queried = await logged.app.inject({
        url: '/api/users/me?ref=private-query-value&utm_source=secret-campaign',
        headers: { cookie: `diacare_session=${token}` },
      });
      expect(queried.json()).toEqual({ detail: 'ref: unknown field' });

      const text = lines.join('');
      // The logger is working: the requests were logged, by path.
      expect(text).toContain('"path":"/api/users/me"');
      for (const secret of [token, code, '9876501234', 'private-query-value', 'secret-campaign', 'asha@example.com']) {
        expect(text).not.toContain(secret);
      }
    });

    it('hold no invitation token: invite, preview, the join page, accept', async () => {
      const patient = await signIn(logged.app, { name: 'Asha', email: 'asha-invites@example.com' });
      const son = await signIn(logged.app, { name: 'Ravi', email: 'ravi-invites@example.com' });
      const invited = await patient.request({
        method: 'POST',
        url: '/api/care/invitations',
        payload: { role: 'family' },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const { token } = invited.json() as { token: string };
      expect((await son.request({ url: `/api/care/invitations/${token}` })).statusCode).toBe(200);
      await son.request({ url: `/care/join/${token}` });
      // A link mangled in a chat (a trailing full stop) is still the token's secret part.
      await son.request({ url: `/care/join/${token}.` });
      const accepted = await son.request({ method: 'POST', url: `/api/care/invitations/${token}/accept` });
      expect(accepted.statusCode, accepted.body).toBe(200);

      const text = lines.join('');
      expect(text).toContain('"path":"/api/care/invitations/:redacted/accept"');
      expect(text).toContain('"path":"/care/join/:redacted"');
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.slice(0, 16));
    });

    it('a server failure reaches the client as a generic 500 with no internals, and is logged', async () => {
      const asha = await signIn(logged.app, { name: 'Asha', email: 'asha@example.com' });
      // Break the database under the running app: every session lookup now fails in SQL.
      await logged.database.db.execute(sql`ALTER TABLE sessions RENAME TO sessions_away`);
      try {
        const response = await asha.request({ url: '/api/users/me' });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ detail: 'Something went wrong on our side. Please try again.' });
        expect(response.body).not.toMatch(/sessions|select|relation/i);
      } finally {
        await logged.database.db.execute(sql`ALTER TABLE sessions_away RENAME TO sessions`);
      }
      expect(lines.join('')).toContain('request failed');
      expect((await asha.request({ url: '/api/users/me' })).statusCode).toBe(200);
    });
  });
});

describe('redactPath (the path a log line holds)', () => {
  const uuid = '3f1c2b9e-8d4a-4c1e-9b2f-1a2b3c4d5e6f';
  const token = 'Zx9qLmN3pR7sT1uV5wX2yZ4aB6cD8eF0gH2iJ4kL6mN';

  it('a path with no secret in it comes back as it is', () => {
    for (const path of ['/api/health/glucose', `/api/medications/${uuid}`, '/', '/api/care/patients', '/care']) {
      expect(redactPath(path)).toBe(path);
    }
  });

  it('the segment after a secret link’s prefix is redacted whatever it looks like, in any case', () => {
    expect(redactPath('/unsubscribe/abc')).toBe('/unsubscribe/:redacted');
    expect(redactPath('/API/Unsubscribe/x.')).toBe('/API/Unsubscribe/:redacted');
    expect(redactPath('/Care/Join/short')).toBe('/Care/Join/:redacted');
    expect(redactPath('/api/care/invitations/abc/accept')).toBe('/api/care/invitations/:redacted/accept');
    expect(redactPath(`/api/care/invitations/${uuid}`)).toBe(`/api/care/invitations/${uuid}`);
  });

  it('a token-shaped segment is redacted anywhere; a UUID or a long word stays', () => {
    expect(redactPath(`/api/anything/${token}/more`)).toBe('/api/anything/:redacted/more');
    expect(redactPath(`/${'a'.repeat(40)}`)).toBe(`/${'a'.repeat(40)}`);
  });
});
