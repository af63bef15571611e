/**
 * Alerts where the member is (decision 075), two phones at 390×844: Ravi waits on his own Home;
 * Asha logs 48 mg/dL; without a reload his Home shows a badge on her chip, a toast and a card
 * within the polling interval; he marks it seen. Then, on her page left open, her removing him
 * turns the page into the refusal, again without a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

/** The member's polling interval (30 s, decision 075) and a little more: Ravi's clock is moved on by it. */
const ONE_POLL_MS = 31_000;
/** The escalation pass (5 s), with room for a busy machine. */
const ESCALATION_MS = 20_000;

/** Marks the loaded document, so a later check can prove the page was not reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as { e2eMark?: number }).e2eMark = 1));
const stillSameDocument = async (page: Page) =>
  expect(await page.evaluate(() => (window as { e2eMark?: number }).e2eMark)).toBe(1);

test('a 48 mg/dL reaches the son on his own Home without a reload; removal turns his open page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = { origin: baseURL! };
  await signInWithProfile(page, 'Asha Rao');
  const { token } = await (
    await page.request.post('/api/care/invitations', { headers: origin, data: { role: 'family' } })
  ).json();

  const raviContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ravi = await raviContext.newPage();
  await signInWithProfile(ravi, 'Ravi Rao');
  expect((await ravi.request.post(`/api/care/invitations/${token}/accept`, { headers: origin })).status()).toBe(200);
  // Ravi's page runs on a clock the journey moves: the next poll comes when it is moved on by one
  // interval, not after 30 s of waiting.
  await ravi.clock.install();
  await ravi.goto('/home');
  const switcher = ravi.getByRole('navigation', { name: 'Whose data' });
  await expect(switcher.getByRole('link', { name: 'Asha Rao', exact: true })).toBeVisible();
  await expect(ravi.getByRole('heading', { name: 'Open alerts' })).toHaveCount(0);
  await markDocument(ravi);

  // Asha logs 48 mg/dL now, in her zone.
  const [date, time, day] = await page.evaluate(() => {
    const now = new Date();
    const zone = 'Asia/Kolkata';
    return [
      now.toLocaleDateString('en-CA', { timeZone: zone }),
      now.toLocaleTimeString('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      new Intl.DateTimeFormat('en-IN', { timeZone: zone, day: 'numeric', month: 'short' }).format(now),
    ];
  });
  const reading = await page.request.post('/api/health/glucose', { headers: origin, data: { value: 48, date, time } });
  expect(reading.status()).toBe(201);
  const what = `Very low glucose: 48 mg/dL at ${time}`;

  // The server's escalation pass sends it; then Ravi's Home polls once more.
  await expect
    .poll(async () => ((await (await ravi.request.get('/api/care/alerts/open')).json()) as unknown[]).length, {
      timeout: ESCALATION_MS,
    })
    .toBe(1);
  await ravi.clock.fastForward(ONE_POLL_MS);
  // Ravi, still on his Home: the badge, the toast and the card, with no reload.
  await expect(switcher.getByRole('link', { name: 'Asha Rao (1 open alert)' })).toBeVisible();
  await expect(ravi.getByText(`Asha Rao: ${what}`, { exact: true })).toBeVisible();
  await expect(ravi.getByRole('button', { name: 'Open', exact: true })).toBeVisible();
  const cards = ravi.getByRole('region', { name: 'Open alerts' });
  const card = cards.getByRole('listitem').filter({ hasText: what });
  await expect(card).toContainText('Asha Rao');
  // The time once (in the alert's text), the day beside it.
  await expect(card.locator('time')).toHaveText(day);
  await expect(card).not.toContainText(`${day}, ${time}`);
  await stillSameDocument(ravi);
  await screenshot(ravi, 'care-alerts-reach-home');
  await expectAccessible(ravi, 'member home with an open alert', { themes: ['light', 'dark'] });

  await card.getByRole('button', { name: `I’ve seen it: Asha Rao, ${what}` }).click();
  await expect(cards).toHaveCount(0);
  await expect(switcher.getByRole('link', { name: 'Asha Rao', exact: true })).toBeVisible();
  // Asha's Home names who saw it.
  await page.goto('/home');
  const circleBox = page.getByRole('region', { name: 'Your care circle was alerted' });
  await expect(circleBox).toContainText('Seen by Ravi Rao');
  await expect(circleBox).toContainText(/Ravi Rao: .*saw it in DiaCare at \d\d:\d\d/);
  await expect(circleBox).not.toContainText('not reached');
  await expect(circleBox).not.toContainText('No notification reached');

  // Ravi opens Asha's page and leaves it open; she removes him.
  await switcher.getByRole('link', { name: 'Asha Rao', exact: true }).click();
  await expect(ravi.getByRole('heading', { name: 'Viewing Asha Rao’s data' })).toBeVisible();
  await stillSameDocument(ravi);
  const members: { id: string; name: string }[] = await (await page.request.get('/api/care/members')).json();
  const membership = members.find((member) => member.name === 'Ravi Rao')!;
  expect((await page.request.delete(`/api/care/members/${membership.id}`, { headers: origin })).status()).toBe(200);

  await ravi.clock.fastForward(ONE_POLL_MS);
  await expect(ravi.getByRole('alert')).toContainText('You can no longer see this person’s data.');
  await expect(ravi.getByRole('heading', { name: 'Viewing Asha Rao’s data' })).toHaveCount(0);
  await stillSameDocument(ravi);
  await screenshot(ravi, 'care-alerts-reach-removed');
  await raviContext.close();
});
