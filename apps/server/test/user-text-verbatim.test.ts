/**
 * User text inside the server's catalog messages is shown as typed: a medicine named
 * 'Met\u0041 {x} <b>' (a backslash escape, an ICU placeholder, a tag) comes out so in a push
 * title, in the assistant's answers in English and Hindi, never 'MetA' nor with '{x}' dropped
 * (contract i18n/verbatim-values; decision 095).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionText, t } from '../src/i18n/index.ts';
import { doseTitle } from '../src/modules/reminders/texts.ts';
import { createTestApp, createTestClock, signIn, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, medicationPayload } from './support/assistant-seed.ts';

const NAME = String.raw`Met\u0041 {x} <b>`;

describe('user text in server messages', () => {
  it('a value is rendered as given, in English and Hindi', () => {
    expect(doseTitle(NAME, 'en')).toBe(`Time to take ${NAME}`);
    expect(doseTitle(NAME, 'hi')).toBe(`${NAME} लेने का समय`);
    expect(t('en', 'push.dose.title', { medicine: String.raw`\x41\\` })).toBe(String.raw`Time to take \x41\\`);
  });

  it('a stored option with no catalog text is its value as stored, never compiled as a message', () => {
    expect(optionText('en', `push.form.${NAME}`, NAME)).toBe(NAME);
    expect(optionText('hi', 'push.form.Tablet', 'tablet')).toBe('टैबलेट');
  });

  describe('through the API', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp('pglite', { clock: createTestClock(SEED_NOW) });
    });
    afterAll(() => app.close());

    for (const language of ['en', 'hi'] as const) {
      it(`${language}: the assistant names the medicine as typed`, async () => {
        const user = await signIn(app.app, {
          name: 'Asha',
          email: `verbatim-${language}@example.com`,
          timezone: SEED_ZONE,
        });
        await user.request({ method: 'PUT', url: '/api/users/me', payload: { language } });
        const created = await user.request({
          method: 'POST',
          url: '/api/medications',
          payload: medicationPayload(NAME, ['23:00'], SEED_TODAY),
        });
        expect(created.statusCode, created.body).toBe(201);
        expect(created.json().name).toBe(NAME);
        const question = language === 'en' ? 'What is my next dose?' : 'मेरी अगली खुराक कब है?';
        const { answer } = await ask(user, question);
        expect(answer.content).toContain(`“${NAME}”`);
      });
    }
  });
});
