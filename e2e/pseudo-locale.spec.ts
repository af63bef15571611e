/**
 * The pseudo-locale en-XA (decision 095): a server started with DIACARE_PSEUDO_LOCALE=1 serving the
 * web built with it (`npm run build:pseudo -w apps/web` → apps/web/dist-pseudo) shows every catalog
 * text accented and bracketed ('[Ḿéḋîçîñé ~~~]'). This journey walks every screen of a patient, the
 * local sign-in page, an e-mail, the doctor report's PDF and an assistant answer, and fails on any
 * text a person reads that is not bracketed: a text that does not come from a catalog. The user's
 * own data, numbers, units, dates and times are allowed. A family member's screens are walked too.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { addRecordsForEveryScreen, kolkataDate, postRecord, signInWithProfile } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 3107) + 3;
const SMTP_PORT = PORT + 1;
const BASE_URL = `http://localhost:${PORT}`;
const NAME = 'Asha Rao';

/** What a person may read that no catalog holds: their own data, numbers, units, dates and times. */
const ALLOWED = [
  NAME,
  'Metformin',
  '500 mg',
  'HbA1c',
  'District Hospital',
  '12 MG Road',
  'Karnataka',
  'India',
  'DiaCare',
  'English', // each language is named in itself (the Language choice)
  /\S+@\S+/g, // the user's e-mail, the sender
  /https?:\/\/\S+/g,
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)[a-z]*\b/g, // Intl dates (en-IN)
  /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b/g,
  /\b(?:am|pm|AM|PM)\b/g,
  /\b\d+K\+/g, // a figure ('10K+')
  /(?<![A-Za-z])(?:mg\/dL|mmol\/L|mmHg|kg\/m²|kg|cm|bpm|U)(?![A-Za-z])/g,
  /\b[A-Z]\b/g, // initials (the profile's avatar)
] as const;

/** The parts of `text` (one line per line) that are neither bracketed nor allowed. */
function unbracketed(text: string, extra: readonly string[] = []): string[] {
  return text
    .split('\n')
    .map((line) => {
      let rest = line.replace(/\[[^\]]*\]/g, ' ');
      for (const allowed of [...ALLOWED, ...extra]) rest = rest.replaceAll(allowed, ' ');
      return rest.trim();
    })
    .filter((rest) => /[A-Za-z]/.test(rest));
}

/** The visible text of the page, without the parts `exclude` (CSS selectors) names. */
async function visibleText(page: Page, exclude: readonly string[] = []): Promise<string> {
  await page.waitForLoadState('networkidle');
  return page.evaluate((skip) => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const selector of skip) body.querySelectorAll(selector).forEach((node) => node.remove());
    document.body.append(Object.assign(body, { id: 'pseudo-check' }));
    body.style.position = 'absolute';
    const text = body.innerText;
    body.remove();
    return text;
  }, exclude);
}

/** `extra`: more words of the user's own data on this page (another person's name). */
async function expectAllBracketed(
  page: Page,
  where: string,
  extra: readonly string[] = [],
  exclude: readonly string[] = [],
): Promise<void> {
  await expect(page.locator('main, body').first()).toContainText('[');
  expect.soft(unbracketed(await visibleText(page, exclude), extra), where).toEqual([]);
}

let server: ChildProcess;
let smtp: SMTPServer;
const mails: string[] = [];

test.beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => mails.push(`${mail.subject ?? ''}\n${mail.text ?? ''}`))
        .finally(() => callback());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
  server = spawn('node', [fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url))], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'diacare-pseudo-')),
      WEB_DIST_DIR: fileURLToPath(new URL('../apps/web/dist-pseudo', import.meta.url)),
      DIACARE_PSEUDO_LOCALE: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: 'DiaCare <reminders@diacare.example>',
    },
  });
  await expect(async () => expect((await fetch(`${BASE_URL}/auth/login`)).ok).toBe(true)).toPass({
    timeout: 60_000,
  });
});

test.afterAll(async () => {
  server?.kill();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

test.use({ baseURL: BASE_URL });

test('en-XA: every screen, the sign-in page, an e-mail, the PDF and the assistant come from the catalogs', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Signed out: the landing page and the server's local sign-in page.
  await page.goto('/');
  await expectAllBracketed(page, 'landing');
  await page.goto((await page.locator('a[href*="/auth/"]').first().getAttribute('href'))!);
  await expect(page.locator('form')).toBeVisible();
  await expectAllBracketed(page, 'local sign-in');

  await signInWithProfile(page, NAME, BASE_URL);
  await addRecordsForEveryScreen(page);
  const medications = await (await page.request.get('/api/medications')).json();
  const screens = [
    '/home',
    '/medications',
    '/medications/add',
    `/medications/edit/${medications[0].id}`,
    '/reports',
    '/reports/history/glucose',
    '/reports/history/bp',
    '/reports/history/weight',
    '/reports/history/hba1c',
    '/reports/history/insulin',
    '/booking',
    '/profile',
    '/privacy-policy',
    '/faq',
    '/terms',
  ];
  for (const screen of screens) {
    await page.goto(screen);
    // FAQ's article titles are the knowledge base's content (markdown articles in each language,
    // modules/knowledge/articles), not catalog texts: the screen around them must be bracketed.
    await expectAllBracketed(page, screen, [], screen === '/faq' ? ['li h2 button span'] : []);
  }

  // A family member's screens: the invitation's consent screen, then Asha's shared views.
  const asha = await (await page.request.get('/api/users/me')).json();
  const invitation = await page.request.post('/api/care/invitations', {
    headers: { origin: BASE_URL },
    data: { role: 'family' },
  });
  const { token } = await invitation.json();
  const raviContext = await browser.newContext({ baseURL: BASE_URL });
  const ravi = await raviContext.newPage();
  await signInWithProfile(ravi, 'Ravi Rao', BASE_URL);
  await ravi.goto(`/care/join/${token}`);
  await expectAllBracketed(ravi, '/care/join', ['Ravi Rao']);
  const accepted = await ravi.request.post(`/api/care/invitations/${token}/accept`, { headers: { origin: BASE_URL } });
  expect(accepted.ok()).toBe(true);
  for (const screen of ['', '/reports', '/medications', '/reports/history/glucose']) {
    await ravi.goto(`/care/patients/${asha.id}${screen}`);
    await expectAllBracketed(ravi, `/care/patients/:id${screen}`, ['Ravi Rao']);
  }
  await raviContext.close();

  // A form's error, from the contract's message id and the validation catalog.
  await page.goto('/medications/add');
  await page.getByRole('button', { name: /Šáṽé/ }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expectAllBracketed(page, 'medication form errors');

  // An e-mail: a dose taken with 5 pills left (refill threshold 7) e-mails the refill reminder.
  await postRecord(page, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    schedule: { frequency: 'daily', times: ['00:00'], start_date: kolkataDate(0) },
    refill_reminder: { enabled: true, pills_remaining: 5, threshold: 7 },
  });
  const refill = (await (await page.request.get('/api/medications')).json()).find(
    (m: { refill_reminder: { pills_remaining: number } }) => m.refill_reminder.pills_remaining === 5,
  );
  const taken = await page.request.post('/api/adherence', {
    headers: { origin: BASE_URL },
    data: { medication_id: refill.id, date: kolkataDate(0), scheduled_time: '00:00', status: 'taken' },
  });
  expect(taken.ok()).toBe(true);
  await expect.poll(() => mails.length, { timeout: 20_000 }).toBeGreaterThan(0);
  expect(mails[0]).toContain('[');
  expect.soft(unbracketed(mails[0]!, ['--']), 'e-mail').toEqual([]);

  // The doctor report's PDF, as its text.
  await page.goto('/reports');
  const report = await page.request.get('/api/reports/doctor?days=14');
  expect(report.status()).toBe(200);
  const path = 'test-results/pseudo-locale-report.pdf';
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path, await report.body());
  const pdf = execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', path, '-'], { encoding: 'utf8' });
  // pdftotext breaks a long bracketed text over lines: join those back before checking.
  expect(pdf).toContain('[');
  const joined = pdf.replace(/\[[^\]]*\]/gs, (text) => text.replace(/\s+/g, ' '));
  expect.soft(unbracketed(joined), 'doctor report PDF').toEqual([]);

  // The assistant: answers from Asha's own records (her last reading, today's doses) are written
  // from the server's catalogs, sentences and links alike. Only her own question is left out.
  await page.goto('/chat');
  await expectAllBracketed(page, '/chat');
  const answers = page.getByRole('article');
  for (const [question, figure] of [
    ['What was my last sugar reading?', '182 mg/dL'],
    ['What are my doses today?', 'Metformin'],
  ] as const) {
    const before = await answers.count();
    await page.getByRole('textbox').fill(question);
    await page.getByRole('textbox').press('Enter');
    await expect(answers).toHaveCount(before + 1);
    await expect(page.locator('li[aria-busy]')).toHaveCount(0);
    await expect(answers.last().locator('p.whitespace-pre-wrap')).toContainText(figure);
    await expect(answers.last().getByRole('link').first()).toBeVisible();
  }
  await expectAllBracketed(page, 'assistant answers', [], ['li.items-end']);
});
