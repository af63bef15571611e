/**
 * What a new user's first taps meet: a dialog's code is already there when its button is first
 * pressed (fetched while the screen is idle), the validation library waits for a form to be
 * used, and a cleared conversation stays cleared through a reload made before the server has
 * answered, or before the clearing could be sent at all.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { dist, manifest, staticClosure } from './build-manifest';
import { signInWithProfile } from './fixtures';

/** Not one of the suggested questions, which the empty conversation shows as buttons. */
const QUESTION = 'Is a walk after dinner good for my sugar?';
const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });

/** zod's core: the file among the contract schemas' chunks that defines ZodError. */
const zodCore = [...staticClosure('../../packages/contract/src/health.ts')].find((file) =>
  readFileSync(new URL(file, dist), 'utf8').includes('ZodError'),
);

test('the log dialog code is fetched while Home is idle, before the first tap', async ({ page, browser }) => {
  await signInWithProfile(page, 'Meera Iyer');
  // A fresh context with the same session: an empty HTTP cache and no service worker yet, so
  // every chunk the page loads is a request seen here.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const home = await context.newPage();
  const chunks: string[] = [];
  home.on('request', (request) => {
    // A chunk's file is '<name>-<8-character hash>.js'; a hash may hold '-' and lowercase letters.
    const name = /\/assets\/([^/]+)-[\w-]{8}\.js$/.exec(request.url())?.[1];
    if (name) chunks.push(name);
  });
  const logDialogCode = home.waitForRequest(/\/assets\/log-dialogs-[\w-]+\.js$/);
  await home.goto('/home');
  await expect(home.getByRole('heading', { name: 'Hi Meera!' })).toBeVisible();
  await logDialogCode;
  expect(chunks).toContain('log-dialogs');

  // Only now the first tap: the dialog opens from code already loaded.
  await home.getByRole('button', { name: 'Log Blood Glucose' }).first().click();
  const dialog = home.getByRole('dialog', { name: 'Log Blood Glucose' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog.getByText('Value is required')).toBeVisible();
  await context.close();
});

test("the dialogs' idle preload leaves zod for the form's first use", async ({ page, browser }) => {
  expect(zodCore).toBeDefined();
  for (const dialog of ['log-dialogs', 'lab-dialog', 'insulin-take-dialog']) {
    const key = Object.keys(manifest).find((name) => name.endsWith(`/${dialog}.tsx`));
    expect(key, dialog).toBeDefined();
    expect([...staticClosure(key!)], dialog).not.toContain(zodCore);
  }

  await signInWithProfile(page, 'Kavya Menon');
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const reports = await context.newPage();
  const requested: string[] = [];
  reports.on('request', (request) => requested.push(new URL(request.url()).pathname.slice(1)));
  const dialogCode = reports.waitForRequest(/\/assets\/log-dialogs-[\w-]+\.js$/);
  await reports.goto('/reports');
  await dialogCode;
  await expect.poll(() => requested.some((file) => file.includes('/lab-dialog-'))).toBe(true);
  expect(requested).not.toContain(zodCore);

  await reports.getByRole('button', { name: 'Log Blood Pressure' }).click();
  const dialog = reports.getByRole('dialog', { name: 'Log Blood Pressure' });
  await dialog.getByLabel('Systolic (mmHg) *').fill('300');
  await dialog.getByLabel('Diastolic (mmHg) *').fill('84');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog.getByText(/Systolic must be at most 260/)).toBeVisible();
  expect(requested).toContain(zodCore);
  await context.close();
});

/** Signs `name` in with one question asked through the API, and opens /chat showing it. */
async function openChatWithQuestion(page: Page, name: string): Promise<void> {
  await signInWithProfile(page, name);
  const origin = new URL(page.url()).origin;
  const asked = await page.request.post('/api/assistant/messages', {
    data: { content: QUESTION },
    headers: { origin },
  });
  expect(asked.status()).toBe(200);
  await page.goto('/chat');
  await expect(conversation(page).getByText(QUESTION)).toBeVisible();
}

/** Clear conversation, confirmed. */
async function clearConversation(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear' }).click();
}

test('a cleared conversation stays cleared when the page reloads before the server answers', async ({ page }) => {
  await openChatWithQuestion(page, 'Farhan Qureshi');

  // The server deletes the conversation, but its answer never reaches this page.
  let serverDeleted!: () => void;
  const deleted = new Promise<void>((resolve) => (serverDeleted = resolve));
  await page.route('**/api/assistant/messages', async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    const response = await route.fetch();
    expect(response.status()).toBe(204);
    serverDeleted();
  });
  await clearConversation(page);
  await deleted;

  // Reload while the conversation's GET is held: what shows comes from this device alone.
  const held: Route[] = [];
  await page.unroute('**/api/assistant/messages');
  await page.route('**/api/assistant/messages', (route) =>
    route.request().method() === 'GET' ? void held.push(route) : route.fallback(),
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'What should I eat?' })).toBeVisible();
  await expect(conversation(page).getByText(QUESTION)).toHaveCount(0);
  await expect(conversation(page).getByRole('article')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear conversation' })).toHaveCount(0);

  // The server's answer agrees (unroute lets the held GET go on).
  expect(held.length).toBeGreaterThan(0);
  await page.unroute('**/api/assistant/messages');
  await page.reload();
  await expect(page.getByRole('button', { name: 'What should I eat?' })).toBeVisible();
  await expect(conversation(page).getByText(QUESTION)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear conversation' })).toHaveCount(0);
});

test('a clearing that never left the page before a reload is sent after it, and the conversation stays cleared', async ({
  page,
}) => {
  await openChatWithQuestion(page, 'Ishaan Mehra');

  // Every DELETE fails on the network: the clearing waits on this device.
  let failedOnce!: () => void;
  const failed = new Promise<void>((resolve) => (failedOnce = resolve));
  await page.route('**/api/assistant/messages', async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await route.abort('internetdisconnected');
    failedOnce();
  });
  await clearConversation(page);
  await failed;
  await expect(conversation(page).getByText(QUESTION)).toHaveCount(0);

  // After the reload the conversation's GETs wait until the DELETE has reached the server.
  let deletedOnServer!: () => void;
  const deleted = new Promise<void>((resolve) => (deletedOnServer = resolve));
  await page.unroute('**/api/assistant/messages');
  await page.route('**/api/assistant/messages', async (route) => {
    if (route.request().method() === 'DELETE') {
      const response = await route.fetch();
      expect(response.status()).toBe(204);
      await route.fulfill({ response });
      return deletedOnServer();
    }
    await deleted;
    return route.fallback();
  });
  await page.reload();
  await expect(page.getByRole('button', { name: 'What should I eat?' })).toBeVisible();
  await expect(conversation(page).getByText(QUESTION)).toHaveCount(0);
  await deleted;
  const onServer = await page.request.get('/api/assistant/messages');
  expect(((await onServer.json()) as { messages: unknown[] }).messages).toEqual([]);
  await expect(page.getByRole('button', { name: 'Clear conversation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'What should I eat?' })).toBeVisible();
});
