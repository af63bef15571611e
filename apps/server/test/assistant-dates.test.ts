/**
 * Dates a person reads in the assistant's answers are written in the answer's language through
 * the contract's INTL_LOCALES ('3 Dec 2026', '3 दिस॰ 2026'), never as ISO 'YYYY-MM-DD', in
 * English and in Hindi (docs/architecture.md, Languages and units; decision 095).
 */
import { shiftDate } from '@diacare/contract/dates';
import type { BloodPressureReading, BodyMetrics, GlucoseReading } from '@diacare/contract/health';
import { INTL_LOCALES } from '@diacare/contract/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestClock, signIn, type SignedInUser, type TestApp } from './helpers.ts';
import { ask } from './support/assistant-client.ts';
import { SEED_NOW, SEED_TODAY, SEED_ZONE, seedUser } from './support/assistant-seed.ts';

/** A calendar date with its year as Intl writes it in `language`'s locale (computed here, not by the server). */
const written = (date: string, language: 'en' | 'hi') =>
  new Intl.DateTimeFormat(INTL_LOCALES[language], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

/** The questions, per language, whose answers name a date: latest glucose, BP, weight, next appointment, HbA1c. */
const QUESTIONS = {
  en: {
    glucose: 'What was my latest sugar reading?',
    bp: "What's my BP?",
    weight: 'What is my weight?',
    appointment: 'When is my next appointment?',
    hba1c: 'what was my last hba1c?',
  },
  hi: {
    glucose: 'मेरी पिछली शुगर रीडिंग क्या थी?',
    bp: 'मेरा बीपी क्या है?',
    weight: 'मेरा वज़न कितना है?',
    appointment: 'मेरा अगला अपॉइंटमेंट कब है?',
    hba1c: 'मेरा पिछला HbA1c कितना था?',
  },
} as const;

describe('dates in the assistant’s answers', () => {
  let t: TestApp;
  const users: Partial<Record<'en' | 'hi', SignedInUser>> = {};
  const newest = <T extends { date: string }>(rows: T[]) => rows.reduce((a, b) => (b.date > a.date ? b : a));
  let latest: { glucose: string; bp: string; weight: string; appointment: string; hba1c: string };

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      clock: createTestClock(SEED_NOW),
      env: { ASSISTANT_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    for (const language of ['en', 'hi'] as const) {
      const user = await signIn(t.app, { name: 'Ravi', email: `dates-${language}@example.com`, timezone: SEED_ZONE });
      await seedUser(user, t.clock);
      expect((await user.request({ method: 'PUT', url: '/api/users/me', payload: { language } })).statusCode).toBe(200);
      users[language] = user;
    }
    const get = async <T>(url: string) => (await users.en!.request({ url })).json() as T;
    const since = shiftDate(SEED_TODAY, -29);
    latest = {
      glucose: newest(await get<GlucoseReading[]>(`/api/health/glucose?start_date=${since}`)).date,
      bp: newest(await get<BloodPressureReading[]>(`/api/health/bp?start_date=${since}`)).date,
      weight: newest(await get<BodyMetrics[]>(`/api/health/metrics?start_date=${since}`)).date,
      appointment: shiftDate(SEED_TODAY, 12), // the seed's next appointment
      hba1c: shiftDate(SEED_TODAY, -12), // the seed's last HbA1c
    };
  });
  afterAll(() => t.close());

  for (const language of ['en', 'hi'] as const) {
    for (const [kind, question] of Object.entries(QUESTIONS[language]) as [keyof typeof latest, string][]) {
      it(`${language}: '${question}' writes the date in ${INTL_LOCALES[language]}, not ISO`, async () => {
        const { answer } = await ask(users[language]!, question);
        expect(answer.content).toContain(written(latest[kind], language));
        expect(answer.content).not.toMatch(ISO_DATE);
      });
    }
    it(`${language}: today's doses name today as the other answers do ('today (20 Nov)'), not ISO`, async () => {
      const question = language === 'en' ? 'Did I take my medicines today?' : 'क्या मैंने आज अपनी दवाइयाँ लीं?';
      const { answer } = await ask(users[language]!, question);
      const today = new Intl.DateTimeFormat(INTL_LOCALES[language], {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      expect(answer.content).toContain(`(${today.format(new Date(`${SEED_TODAY}T00:00:00Z`))})`);
      expect(answer.content).not.toMatch(ISO_DATE);
    });
  }
});
