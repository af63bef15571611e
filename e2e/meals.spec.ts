/**
 * Meals (decision 088), in English and in Hindi at 390×844: a person with an earlier breakfast and
 * yesterday's before- and after-lunch readings logs yesterday's lunch from Home (a usual item, a
 * searched food, the portion stepper), sees it on History with its rise from those readings, and
 * sees Reports' 'Meals and sugar' card; then logs today's meal from Home and sees it listed there,
 * and sees Home as it was late yesterday, listing the lunch with its rise. axe in both themes at
 * each screen and the open dialog.
 * Offline, a meal logged in three taps shows on Home and History at once and reaches the server once online.
 * A family member with the meals scope sees the meals and their rise on the patient's History,
 * read-only, and the 'Meals and sugar' card on the patient's Reports.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { expectAccessible } from './a11y';
import { kolkataDate, postRecord, screenshot, signInWithProfile } from './fixtures';
import { controlledByWorker } from './offline-write-helpers';

const BOTH = { themes: ['light', 'dark'] as ('light' | 'dark')[] };

/** A small PNG (16×16, one colour), as a phone's gallery would give a photo. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mN4ViFHEmIY1TCqYfhqAADNKnwQb7SKzwAAAABJRU5ErkJggg==',
  'base64',
);

/** What the phone shows (a dialog sits on the viewport, not the whole page). */
const screen = (page: Page, name: string) => page.screenshot({ path: `test-results/screens/${name}.png` });

/** Two days ago an idli breakfast; yesterday 110 mg/dL before lunch (12:40) and 175 after it (14:40). */
async function seed(page: Page): Promise<void> {
  await postRecord(page, '/api/meals', {
    date: kolkataDate(-2),
    time: '08:00',
    meal_type: 'breakfast',
    items: [{ food_id: 'idli', name: 'Idli', portions: 2 }],
  });
  const reading = { date: kolkataDate(-1) };
  await postRecord(page, '/api/health/glucose', {
    ...reading,
    value: 110,
    meal_context: 'Before Lunch',
    time: '12:40',
  });
  await postRecord(page, '/api/health/glucose', { ...reading, value: 175, meal_context: 'After Lunch', time: '14:40' });
}

/** Wall-clock seconds of a Kolkata date and time, as the chart's x axis counts them. */
const wallClock = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`) / 1000;

/**
 * Taps the chart where yesterday's 13:00 lunch is marked: the axis runs from the first meal (two
 * days ago, 08:00) to the last reading (yesterday, 14:40) with 6 % of the span either side.
 */
async function tapMealMark(page: Page): Promise<void> {
  const first = wallClock(kolkataDate(-2), '08:00');
  const last = wallClock(kolkataDate(-1), '14:40');
  const pad = (last - first) * 0.06;
  const share = (wallClock(kolkataDate(-1), '13:00') - (first - pad)) / (last - first + 2 * pad);
  const plot = page.getByTestId('trend-chart').locator('.u-over');
  // Drawn anew (a new element, same size) when a catalog arrives: the size is read until one is there.
  let size = { width: 0, height: 0 };
  await expect(async () => {
    const box = await plot.boundingBox();
    expect(box, 'the chart drawn').not.toBeNull();
    size = box!;
  }).toPass();
  await plot.click({ position: { x: size.width * share, y: size.height - 4 } });
}

interface Words {
  logMeal: string;
  dialog: string;
  usualIdli: RegExp;
  search: string;
  results: string;
  moreIdli: string;
  date: string;
  time: string;
  lunch: string;
  save: string;
  lunchRow: RegExp;
  reportTitle: string;
  /** Home's Meals card with nothing logged today, and the words over today's list. */
  nothingToday: string;
  loggedToday: string;
  idli: string;
  rise: string;
}

const ENGLISH: Words = {
  logMeal: 'Log meal',
  dialog: 'Log a meal',
  usualIdli: /^Idli/,
  search: 'Search foods',
  results: 'Foods found',
  moreIdli: 'More Idli',
  date: 'Date',
  time: 'Time',
  lunch: 'Lunch',
  save: 'Save meal',
  lunchRow: /^Lunch ·/,
  reportTitle: 'Meals and sugar',
  nothingToday: 'Nothing logged today.',
  loggedToday: 'Logged today',
  idli: 'Idli',
  rise: 'Rise',
};

const HINDI: Words = {
  logMeal: 'खाना दर्ज करें',
  dialog: 'खाना दर्ज करें',
  usualIdli: /^इडली/,
  search: 'खाना खोजें',
  results: 'मिले हुए खाने',
  // The usual item is named as the Hindi food list names it (decision 099).
  moreIdli: 'इडली बढ़ाएँ',
  date: 'तारीख',
  time: 'समय',
  lunch: 'लंच',
  save: 'खाना सेव करें',
  lunchRow: /^लंच ·/,
  reportTitle: 'खाना और शुगर',
  nothingToday: 'आज कुछ दर्ज नहीं है।',
  loggedToday: 'आज दर्ज किए गए',
  idli: 'इडली',
  rise: 'बढ़त',
};

async function journey(page: Page, words: Words, language: 'en' | 'hi'): Promise<void> {
  await seed(page);
  await page.goto('/home');
  await page.getByRole('button', { name: words.logMeal }).click();
  const dialog = page.getByRole('dialog', { name: words.dialog });
  await expect(dialog).toBeVisible();

  // A usual item in one tap, then a searched food; the portion stepper; yesterday's lunch.
  await dialog.getByRole('button', { name: words.usualIdli }).click();
  await dialog.getByLabel(words.search).fill(language === 'hi' ? 'दाल' : 'dal');
  // A food of the list (its carbohydrate shown as an estimate), not the typed text as written.
  await dialog.getByRole('list', { name: words.results }).getByRole('button', { name: /≈/ }).first().click();
  await dialog.getByRole('button', { name: words.moreIdli }).click();
  await expect(dialog.getByTestId('meal-total')).toContainText('≈');
  await dialog.getByLabel(words.date).fill(kolkataDate(-1));
  await dialog.getByLabel(words.time).fill('13:00');
  await dialog.getByRole('radio', { name: words.lunch }).click();
  await expect(dialog.getByRole('radio', { name: words.lunch })).toHaveAttribute('aria-checked', 'true');
  if (language === 'en') {
    // An optional photo: made small on the phone, sent once the meal is saved.
    await dialog.locator('#meal-photo').setInputFiles({ name: 'lunch.png', mimeType: 'image/png', buffer: PHOTO });
    await expect(dialog.getByText('Photo ready: change')).toBeVisible();
  }
  await expectAccessible(page, `meal dialog (${language})`, BOTH);
  await screen(page, `meals-dialog-${language}`);
  // Awaited from before the click: the photo's answer can come before the click has returned.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/meals') && r.request().method() === 'POST');
  const photoSent =
    language === 'en'
      ? page.waitForResponse((r) => r.url().endsWith('/photo') && r.request().method() === 'PUT')
      : null;
  await dialog.getByRole('button', { name: words.save }).click();
  expect((await saved).status()).toBe(201);
  await expect(dialog).toBeHidden();
  if (photoSent) expect((await photoSent).ok()).toBe(true);
  // Yesterday's lunch is not today's: Home's Meals card still lists nothing for today.
  await expect(page.getByTestId('home-meals')).toContainText(words.nothingToday);
  await expect(page.getByTestId('todays-meals')).toHaveCount(0);

  // History: the meal under the chart; opened, its rise from the two readings (175 − 110).
  await page.goto('/reports/history/glucose');
  const lunch = page.getByRole('button', { name: words.lunchRow });
  await expect(lunch).toHaveAttribute('aria-expanded', 'false');
  // A tap on the lunch's mark under the chart opens it in the list (and focuses it).
  await tapMealMark(page);
  await expect(lunch).toHaveAttribute('aria-expanded', 'true');
  await expect(lunch).toBeFocused();
  await expect(page.getByTestId('meal-response')).toContainText('+65 mg/dL');
  if (language === 'en') {
    const photo = page.getByRole('img', { name: /^Photo of Lunch/ });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    // Edit: the dialog opens prefilled; one more portion of idli is saved with PUT.
    await page.getByRole('button', { name: /^Edit Lunch,/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit meal' });
    await expect(edit.getByRole('radio', { name: 'Lunch' })).toHaveAttribute('aria-checked', 'true');
    await edit.getByRole('button', { name: 'More Idli' }).click();
    const put = page.waitForResponse((r) => /\/api\/meals\/[^/]+$/.test(r.url()) && r.request().method() === 'PUT');
    await edit.getByRole('button', { name: 'Save meal' }).click();
    expect((await put).status()).toBe(200);
    await expect(edit).toBeHidden();
    await expect(lunch).toContainText('Idli × 3');

    // Delete the earlier breakfast, confirmed.
    await page.getByRole('button', { name: /^Delete Breakfast,/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: /^Breakfast ·/ })).toHaveCount(0);
  }
  await expectAccessible(page, `history with meals (${language})`, BOTH);
  await screenshot(page, `meals-history-${language}`);

  // Reports: the 'Meals and sugar' card with the server's sentence.
  await page.goto('/reports');
  const card = page.getByTestId('meals-report');
  await expect(card.getByRole('heading', { name: words.reportTitle })).toBeVisible();
  await expect(card.getByTestId('meals-report-sentence')).not.toBeEmpty();
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page, `reports with meals (${language})`, BOTH);
  await screenshot(page, `meals-reports-${language}`);

  // Today's meal in three taps from Home (Log meal, a usual food, Save): listed on Home's card at
  // once, with its time, its items and its carbohydrate as an estimate (no rise yet: no reading after).
  await page.goto('/home');
  const mealsCard = page.getByTestId('home-meals');
  await expect(mealsCard).toContainText(words.nothingToday);
  await mealsCard.getByRole('button', { name: words.logMeal }).click();
  await dialog.getByRole('button', { name: words.usualIdli }).click();
  // Its rise is asked for with the server's id only, never the temporary one the list shows first.
  const asked: number[] = [];
  const isResponse = (r: Response) => /\/api\/meals\/[^/]+\/response$/.test(r.url());
  page.on('response', (r) => isResponse(r) && asked.push(r.status()));
  const answered = page.waitForResponse((r) => isResponse(r) && r.ok());
  await dialog.getByRole('button', { name: words.save }).click();
  await expect(dialog).toBeHidden();
  await answered;
  expect(asked.filter((status) => status !== 200)).toEqual([]);
  const today = mealsCard.getByRole('list', { name: words.loggedToday });
  await expect(today.getByRole('listitem')).toHaveCount(1);
  await expect(today.getByRole('listitem')).toContainText(/· \d\d:\d\d/);
  await expect(today.getByRole('listitem')).toContainText(`${words.idli} ×`);
  await expect(today.getByRole('listitem')).toContainText('≈');
  await expect(mealsCard.getByTestId('home-meal-rise')).toHaveCount(0);
  await expectAccessible(page, `home with today's meal (${language})`, BOTH);
  await screenshot(page, `meals-home-today-${language}`);

  // Home as it was late yesterday (the page's clock at 23:30): the lunch listed with its rise.
  await page.clock.setFixedTime(new Date(`${kolkataDate(-1)}T23:30:00+05:30`));
  await page.goto('/home');
  const lunchOnHome = mealsCard.getByRole('list', { name: words.loggedToday }).getByRole('listitem');
  await expect(lunchOnHome).toHaveCount(1);
  await expect(lunchOnHome).toContainText(`${words.lunch} · 13:00`);
  await expect(lunchOnHome.getByTestId('home-meal-rise')).toHaveText(`${words.rise}+65 mg/dL`);
  await expectAccessible(page, `home with a meal and its rise (${language})`, BOTH);
  await screenshot(page, `meals-home-${language}`);
}

// The two longest journeys (Home, the dialog, History, Reports, edit and delete; Hindi also at 360 px):
// 56 s of the default 60 on a loaded 2-core machine, so three times the timeout.
test('log a meal from Home, see its rise on History and the Reports card (English)', async ({ page }) => {
  test.slow();
  await signInWithProfile(page, 'Asha Rao');
  await journey(page, ENGLISH, 'en');
});

test('log a meal from Home, see its rise on History and the Reports card (Hindi)', async ({ page }) => {
  test.slow();
  await signInWithProfile(page, 'Asha Rao');
  const origin = { origin: new URL(page.url()).origin };
  expect((await page.request.put('/api/users/me', { data: { language: 'hi' }, headers: origin })).status()).toBe(200);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await journey(page, HINDI, 'hi');

  // At 360 px the longer Hindi words still fit: no sideways scrolling on Home, in the dialog, on History.
  await page.setViewportSize({ width: 360, height: 740 });
  const noSidewaysScroll = async (name: string) => {
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, name).toBeLessThanOrEqual(360);
  };
  await page.goto('/home');
  await expect(page.getByTestId('home-meal-rise')).toBeVisible();
  await noSidewaysScroll('home');
  await screenshot(page, 'meals-home-hi-360');
  await page.getByRole('button', { name: HINDI.logMeal }).click();
  await expect(page.getByRole('dialog', { name: HINDI.dialog })).toBeVisible();
  await noSidewaysScroll('meal dialog');
  await screen(page, 'meals-dialog-hi-360');
  await page.keyboard.press('Escape');
  await page.goto('/reports/history/glucose');
  // Yesterday's 13:00 lunch (today's meal logged above is a lunch too when logged 11:00–15:59).
  await page.getByRole('button', { name: HINDI.lunchRow }).filter({ hasText: '13:00' }).click();
  await expect(page.getByTestId('meal-response')).toBeVisible();
  await noSidewaysScroll('history');
  await screenshot(page, 'meals-history-hi-360');
});

/** The user's query cache as saved in IndexedDB (JSON), or '' (lib/offline/persist.ts). */
function savedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const owner = localStorage.getItem('diacare-cache-owner');
          const get = db.transaction('keyval').objectStore('keyval').get(`diacare-query-cache:${owner}`);
          get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : '');
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}

test('meals logged without any glucose reading still list on History, to edit or delete', async ({ page }) => {
  await signInWithProfile(page, 'Asha Rao');
  const idli = [{ food_id: 'idli', name: 'Idli', portions: 2 }];
  await postRecord(page, '/api/meals', { date: kolkataDate(-1), time: '13:00', meal_type: 'lunch', items: idli });
  await page.goto('/reports/history/glucose');
  // The glucose parts say there is no reading in the period; the meal is listed all the same.
  await expect(page.getByText('No readings in the last 30 days')).toBeVisible();
  await expect(page.getByText('No data available yet')).toHaveCount(0);
  const lunch = page.getByRole('button', { name: /^Lunch ·/ });
  await lunch.click();
  await expect(page.getByRole('button', { name: /^Edit Lunch,/ })).toBeVisible();
  await page.getByRole('button', { name: /^Delete Lunch,/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(lunch).toHaveCount(0);
});

test('a family member with the meals scope sees the meals on History and the Reports card, read-only', async ({
  page,
  browser,
}) => {
  await signInWithProfile(page, 'Asha Rao');
  await seed(page);
  await postRecord(page, '/api/meals', {
    date: kolkataDate(-1),
    time: '13:00',
    meal_type: 'lunch',
    items: [{ food_id: 'rice', name: 'Rice', portions: 1 }],
  });
  const origin = new URL(page.url()).origin;
  const invitation = await page.request.post('/api/care/invitations', {
    data: { role: 'family', scopes: ['glucose', 'meals'] },
    headers: { origin },
  });
  const { token } = await invitation.json();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await context.newPage();
  await signInWithProfile(member, 'Ravi Rao');
  const accepted = await member.request.post(`/api/care/invitations/${token}/accept`, { headers: { origin } });
  expect(accepted.status()).toBe(200);
  const patientId: string = (await (await member.request.get('/api/care/patients')).json())[0].patient_id;

  await member.goto(`/care/patients/${patientId}/reports/history/glucose`);
  const meals = member.getByRole('region', { name: 'Meals' });
  await meals.getByRole('button', { name: /Lunch/ }).click();
  await expect(meals.getByTestId('meal-response')).toContainText('+65');
  await expect(member.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);

  await member.goto(`/care/patients/${patientId}/reports`);
  await expect(member.getByTestId('meals-report')).toContainText('Meals and sugar');
  await expectAccessible(member, 'care member reports with meals', { themes: ['light'] });
  await context.close();
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a meal logged offline shows at once on History and reaches the server once back online', async ({
    page,
    context,
  }) => {
    await signInWithProfile(page, 'Asha Rao');
    await seed(page);
    const meals = async () => {
      const response = await context.request.get(new URL('/api/meals', page.url()).href);
      expect(response.ok()).toBe(true);
      return (await response.json()) as unknown[];
    };
    // Under the service worker, History seen once online (its meals are kept for offline), then Home.
    await controlledByWorker(page);
    await page.goto('/reports/history/glucose');
    await expect(page.getByRole('button', { name: /^Breakfast ·/ })).toBeVisible();
    await expect.poll(() => savedCache(page)).toContain('"list"');
    // History's glucose query too (the page needs it offline), not only the meals list.
    await expect.poll(() => savedCache(page)).toContain('"glucose",{"start_date"');
    await page.goto('/home');
    await expect.poll(() => savedCache(page)).toContain('recent-items');
    // The dialog's code and the usual foods, seen once online (as a phone that logged meals before).
    await page.getByRole('button', { name: 'Log meal' }).click();
    await expect(page.getByRole('dialog', { name: 'Log a meal' }).getByRole('button', { name: /^Idli/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Log a meal' })).toBeHidden();

    await context.setOffline(true);
    // Three taps: Log meal, a usual food, Save.
    await page.getByRole('button', { name: 'Log meal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log a meal' });
    await dialog.getByRole('button', { name: /^Idli/ }).click();
    await dialog.getByRole('button', { name: 'Save meal' }).click();
    await expect(dialog).toBeHidden();
    expect(await meals()).toHaveLength(1);
    // Home's card lists it at once among today's meals, waiting to sync, with no rise asked for.
    const today = page.getByTestId('home-meals').getByRole('list', { name: 'Logged today' });
    await expect(today.getByRole('listitem')).toHaveCount(1);
    await expect(today.getByRole('listitem')).toContainText('Idli ×');
    await expect(today.getByText('Waiting to sync')).toBeVisible();
    await screenshot(page, 'meals-offline-home');

    await page.goto('/reports/history/glucose');
    const list = page.getByRole('region', { name: 'Meals' });
    await expect(list.getByText('Waiting to sync')).toBeVisible();
    await screenshot(page, 'meals-offline-history');

    await context.setOffline(false);
    await expect(list.getByText('Waiting to sync')).toHaveCount(0);
    await expect.poll(async () => (await meals()).length).toBe(2);
  });
});
