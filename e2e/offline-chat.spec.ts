/**
 * The assistant's questions go through the outbox: asked offline, a question shows at once as
 * 'Waiting to sync', survives a reload, and once online reaches the real server exactly once.
 * Decision 028.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';
import { controlledByWorker } from './offline-write-helpers';

// Goes offline or uses pushes: this file keeps the service worker the config blocks.
test.use({ serviceWorkers: 'allow' });

interface Message {
  role: 'user' | 'assistant';
  content: string;
}

const conversation = (page: Page) => page.getByRole('region', { name: 'Conversation' });
const messageBox = (page: Page) => page.getByLabel('Message', { exact: true });

/** The conversation the server holds for the context's signed-in user, oldest first. */
async function serverHistory(context: BrowserContext, baseURL: string | undefined): Promise<Message[]> {
  const response = await context.request.get(`${baseURL}/api/assistant/messages`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: Message[] }).messages;
}

test('a question asked offline survives a reload and is answered exactly once when back online', async ({
  page,
  context,
  baseURL,
}) => {
  const question = 'How was my sugar this week?';
  await signInWithProfile(page, 'Meena Offline');
  const history = () => serverHistory(context, baseURL);
  await page.goto('/chat');
  await controlledByWorker(page);
  // Seen once online: the (empty) conversation is cached for offline use.
  await expect(page.getByRole('button', { name: question })).toBeVisible();
  const close = page.getByRole('button', { name: 'Dismiss notification' });
  if (await close.count()) await close.click();

  await context.setOffline(true);
  await expect(page.getByText('You are offline. The assistant will answer when you are back online.')).toBeVisible();
  await messageBox(page).fill(question);
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(messageBox(page)).toHaveValue('');
  const asked = conversation(page).getByRole('listitem').filter({ hasText: question });
  await expect(asked).toBeVisible();
  await expect(asked.getByText('Waiting to sync')).toBeVisible();
  await expect(asked.getByText('Saved on this phone. The answer will come when you are back online.')).toBeVisible();
  await expect(conversation(page).getByRole('article')).toHaveCount(0);
  await screenshot(page, 'chat-offline-queued');
  await expectAccessible(page, 'chat-offline-queued');
  expect(await history()).toEqual([]);

  // Still there, still marked, after a reload offline.
  await page.reload();
  await expect(asked).toBeVisible();
  await expect(asked.getByText('Waiting to sync')).toBeVisible();
  expect(await history()).toEqual([]);

  await context.setOffline(false);
  await expect(asked.getByText('Waiting to sync')).toHaveCount(0, { timeout: 20_000 });
  const answer = conversation(page).getByRole('article');
  await expect(answer).toHaveCount(1);
  await expect(answer).toHaveAccessibleName(/^Answer from /);
  await expect(asked).toHaveCount(1);
  await screenshot(page, 'chat-offline-answered');

  const stored = await history();
  expect(stored.map((message) => message.role)).toEqual(['user', 'assistant']);
  expect(stored[0]!.content).toBe(question);
  // Nothing more arrives later (a second replay would add a second pair).
  await page.waitForTimeout(1500);
  expect(await history()).toHaveLength(2);
});

test('a question whose answer is lost on the way back is sent again with its key: one question, one answer', async ({
  page,
  context,
  baseURL,
}) => {
  const question = 'What should I eat?';
  await signInWithProfile(page, 'Arjun Flaky');
  await page.goto('/chat');
  await expect(page.getByRole('button', { name: question })).toBeVisible();
  const keys: string[] = [];
  await page.route('**/api/assistant/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.fallback();
    // The server receives the question and answers it in full; the phone never hears back.
    await route.fetch();
    return route.abort('connectionreset');
  });

  await page.getByRole('button', { name: question }).click();
  const answer = conversation(page).getByRole('article');
  await expect(answer).toHaveCount(1, { timeout: 20_000 });
  await expect(answer).toHaveAccessibleName(/^Answer from /);
  const asked = conversation(page).getByRole('listitem').filter({ hasText: question });
  await expect(asked).toHaveCount(1);
  await expect(asked.getByText('Waiting to sync')).toHaveCount(0);

  // The repeat carried the first attempt's key, so the server answered it from its record.
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(keys[1]).toBe(keys[0]);
  const response = await context.request.get(`${baseURL}/api/assistant/messages`);
  const { messages } = (await response.json()) as { messages: Message[] };
  expect(messages.map((message) => `${message.role}: ${message.role === 'user' ? message.content : ''}`)).toEqual([
    `user: ${question}`,
    'assistant: ',
  ]);
});

test('Clear pressed offline empties the conversation at once and reaches the server once back online', async ({
  page,
  context,
  baseURL,
}) => {
  const question = 'What should I eat?';
  await signInWithProfile(page, 'Kabir Offline');
  const history = () => serverHistory(context, baseURL);
  await page.goto('/chat');
  // As in an installed app: the worker serves the dialog's code offline, whether or not the idle
  // preload has fetched it yet (on a busy machine it may not have).
  await controlledByWorker(page);
  await page.getByRole('button', { name: question }).click();
  await expect(conversation(page).getByRole('article')).toHaveCount(1);
  // The answer shows from its first words; the server keeps it once the stream ends.
  await expect.poll(history).toHaveLength(2);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('button', { name: question })).toBeVisible();
  await expect(conversation(page).getByRole('article')).toHaveCount(0);
  expect(await history()).toHaveLength(2);

  await context.setOffline(false);
  await expect.poll(history).toEqual([]);
  await expect(page.getByRole('button', { name: 'Clear conversation' })).toHaveCount(0);
});
