/**
 * Screens in Hindi at 390×844 (Reports, a log dialog, 'What to do', History, Booking, the assistant,
 * the doctor report, Profile's export and delete): every visible text and label is checked for Latin
 * words; only units, product and format names and the user's own data may remain.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { doseTimesAhead } from './dose-times';
import { kolkataDate, screenshot, signInWithProfile } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/** Latin words a Hindi screen may show: units, names of formats and products, the user's own data. */
const ALLOWED = new Set([
  'mg',
  'dL',
  'mmHg',
  'kg',
  'cm',
  'bpm',
  'g',
  'BMI',
  'A1c',
  'HbA1c',
  // the glucose profile card's clinical abbreviations, as doctors write them in Hindi too
  'GMI',
  'CV',
  'DiaCare',
  'AI',
  'PDF',
  'CSV',
  'ZIP',
  'FHIR',
  'R4',
  'JSON',
  'DELETE',
  'YYYY',
  'MM',
  'DD',
  'HH',
  // the user's own data, typed in Latin letters
  'Metformin',
  'Diabetes',
  'review',
  'City',
  'Clinic',
  'Asha',
  'Rao',
]);

/** Latin words in `scope`'s visible text and its aria-labels, placeholders and titles (minus `skip` elements). */
async function latinWords(
  scope: Locator,
  skip = '[data-testid="alert-source"], [data-testid="assistant-source"]',
): Promise<string[]> {
  const text = await scope.evaluate((root, skipSelector) => {
    // The cited publications (a steps dialog's source line, an answer's sources) keep their
    // published English titles.
    let visible = (root as HTMLElement).innerText;
    for (const node of Array.from(root.querySelectorAll(skipSelector))) {
      visible = visible.replace((node as HTMLElement).innerText, '');
    }
    const attributes = Array.from(root.querySelectorAll('*'))
      .filter((node) => !node.closest(skipSelector))
      .flatMap((node) => ['aria-label', 'placeholder', 'title'].map((name) => node.getAttribute(name) ?? ''));
    return [visible, ...attributes].join('\n');
  }, skip);
  return (text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).filter((word) => !ALLOWED.has(word));
}

/** No Latin words in `scope`, then axe (WCAG 2.2 AA) on the whole page in Hindi, light and dark. */
async function expectHindi(scope: Locator, name: string) {
  await expect.poll(() => latinWords(scope), { timeout: 10_000 }).toEqual([]);
  await expectAccessible(scope.page(), `${name} (hi)`);
}

async function post(page: Page, url: string, data: object) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post(url, { data, headers: { origin } });
  expect(response.status(), await response.text()).toBe(201);
}

test('screens part B speak Hindi: Reports, a log dialog, steps, History, Booking, the assistant, your data', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInWithProfile(page, 'Asha Rao');
  const origin = new URL(page.url()).origin;
  const saved = await page.request.put('/api/users/me', { data: { language: 'hi' }, headers: { origin } });
  expect(saved.status()).toBe(200);
  // Dose times still to come: a dose due before the medicine is added is not owed (decision 077),
  // and the assistant's answer below must list today's doses at any hour.
  const doseTimes = await doseTimesAhead(2);
  await post(page, '/api/medications', {
    name: 'Metformin',
    dosage: '500 mg',
    form: 'Tablet',
    color: '#FF6B6B',
    instructions: '',
    schedule: { frequency: 'daily', times: doseTimes, start_date: kolkataDate(-3) },
    refill_reminder: { enabled: true, pills_remaining: 30, threshold: 7 },
  });
  await post(page, '/api/health/glucose', {
    value: 152,
    meal_context: 'After Lunch',
    date: kolkataDate(-1),
    time: '14:00',
  });
  // Today's readings at 00:00, so they are never later than now (the server refuses those).
  await post(page, '/api/health/glucose', { value: 62, meal_context: 'Bedtime', date: kolkataDate(0), time: '00:00' });
  await post(page, '/api/health/bp', { systolic: 128, diastolic: 84, pulse: 72, date: kolkataDate(0), time: '00:00' });
  await post(page, '/api/health/metrics', { weight: 70.5, height: 165, date: kolkataDate(0) });
  await post(page, '/api/appointments', {
    type: 'doctor',
    title: 'Diabetes review',
    doctor: null,
    location: 'City Clinic',
    date: kolkataDate(5),
    time: '10:30',
    notes: '',
    status: 'upcoming',
  });

  // Reports
  await page.goto('/reports');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: 'हेल्थ रिपोर्ट' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'ब्लड शुगर' })).toContainText('62');
  await expect(page.getByRole('region', { name: 'ब्लड शुगर' }).getByTestId('reading-alert')).toHaveText('स्थिति: कम');
  const main = page.locator('main');
  await expectHindi(main, 'Reports');
  await screenshot(page, 'hindi-reports');

  // The log dialog, with Hindi field errors
  await page.getByRole('button', { name: 'ब्लड शुगर दर्ज करें' }).click();
  const dialog = page.getByRole('dialog', { name: 'ब्लड शुगर दर्ज करें' });
  await expect(dialog.getByLabel('खाने का समय')).toBeVisible();
  await dialog.getByLabel('वैल्यू (mg/dL) *').fill('700');
  await dialog.getByRole('button', { name: 'रीडिंग सेव करें' }).click();
  await expect(dialog.getByText('वैल्यू ज़्यादा से ज़्यादा 600 mg/dL हो सकता है')).toBeVisible();
  await expectHindi(dialog, 'the log glucose dialog');
  await screenshot(page, 'hindi-log-glucose-dialog');
  await dialog.getByLabel('वैल्यू (mg/dL) *').fill('110');
  await dialog.getByLabel('खाने का समय').selectOption({ label: 'नाश्ते के बाद' });
  await dialog.getByLabel('तारीख', { exact: true }).fill(kolkataDate(-2));
  await dialog.getByLabel('समय', { exact: true }).fill('09:00');
  await dialog.getByRole('button', { name: 'रीडिंग सेव करें' }).click();
  await expect(page.getByText('सेहत का आँकड़ा दर्ज हो गया', { exact: true }).first()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.goto('/reports/history/glucose');
  await expect(page.getByRole('heading', { name: 'ब्लड शुगर का इतिहास' })).toBeVisible();
  await expect(page.getByTestId('trend-summary')).toContainText('3 रीडिंग');
  await expect(page.getByRole('table')).toContainText('लंच के बाद');
  await expectHindi(main, 'Glucose History');
  await screenshot(page, 'hindi-glucose-history');

  await page.goto('/reports/history/bp');
  await expect(page.getByRole('heading', { name: 'ब्लड प्रेशर का इतिहास' })).toBeVisible();
  await expectHindi(main, 'BP History');

  // The latest glucose (62) is low: its steps, from Reports' card
  await page.goto('/reports');
  await page.getByRole('button', { name: 'क्या करें: कम ब्लड शुगर' }).click();
  const steps = page.getByRole('dialog', { name: 'कम ब्लड शुगर: क्या करें' });
  await expect(steps.getByRole('link', { name: '112 पर कॉल करें (इमरजेंसी)' }).first()).toBeVisible();
  await expectHindi(steps, 'the low glucose steps dialog');
  await page.keyboard.press('Escape');

  // Doctor report dialog
  await page.getByRole('button', { name: 'डॉक्टर के लिए रिपोर्ट' }).click();
  const report = page.getByRole('dialog', { name: 'डॉक्टर के लिए रिपोर्ट' });
  await expect(report.getByRole('radio', { name: '30 दिन' })).toBeChecked();
  await expectHindi(report, 'the doctor report dialog');
  await page.keyboard.press('Escape');

  // Booking, with its errors
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'डॉक्टर से अपॉइंटमेंट' })).toBeVisible();
  await page.getByRole('button', { name: 'अपॉइंटमेंट बुक करें' }).click();
  await expect(page.getByText('मिलने का कारण भरना ज़रूरी है')).toBeVisible();
  await expect(page.getByRole('list', { name: 'आने वाले अपॉइंटमेंट' })).toContainText('Diabetes review');
  await expectHindi(main, 'Booking');

  // The assistant, answered by the real server in Hindi
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'AI डायबिटीज़ सहायक' })).toBeVisible();
  await expectHindi(main, 'the assistant');
  await page.getByRole('button', { name: 'क्या मैंने आज अपनी दवाएं लीं?' }).click();
  const answer = page.getByRole('region', { name: 'बातचीत' }).getByRole('article').first();
  await expect(answer).toHaveAccessibleName('DiaCare सहायक का जवाब', { timeout: 20_000 });
  await expect(answer).toContainText('“Metformin”');
  await expect(answer).toContainText('ली गईं:'); // taken so far today
  await expectHindi(main, 'the assistant answer');
  await screenshot(page, 'hindi-chat');

  // Profile: download my data and the delete-account dialog
  await page.goto('/profile');
  const deleteSection = page.locator('#delete-account');
  await expect(deleteSection.getByRole('heading', { name: 'अकाउंट हटाएं' })).toBeVisible();
  await expectHindi(deleteSection, 'Profile delete account');
  await expect(page.getByRole('link', { name: 'CSV (ZIP)' })).toBeVisible();
  await expectHindi(page.getByRole('link', { name: 'CSV (ZIP)' }), 'Profile CSV link');
  await deleteSection.getByRole('button', { name: 'अकाउंट हटाएं' }).click();
  const confirm = page.getByRole('dialog', { name: 'अपना अकाउंट हटाएं?' });
  await expect(confirm.getByLabel('पक्का करने के लिए DELETE टाइप करें')).toBeVisible();
  await expectHindi(confirm, 'the delete account dialog');
});
