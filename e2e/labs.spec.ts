/**
 * Lab results: from a finished lab appointment one tap opens the form on Reports;
 * an HbA1c entered in mmol/mol shows in % beside the estimate; a creatinine shows its eGFR
 * from the profile (female, 52); History's HbA1c view lists both results; all in Hindi too.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

async function addResult(page: Page, test: string, value: string, unit: string, date: string) {
  const dialog = page.getByRole('dialog', { name: 'Add lab result' });
  await dialog.getByLabel('Test').selectOption({ label: test });
  await dialog.getByLabel('Result').fill(value);
  await dialog.getByLabel('Unit').selectOption(unit);
  await dialog.getByLabel('Date').fill(date);
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(dialog).toHaveCount(0);
}

test('enter an HbA1c from a finished lab visit, see it beside the estimate, a creatinine with eGFR, and the HbA1c history', async ({
  page,
}) => {
  await signInWithProfile(page, 'Lata Joshi');
  await page.getByRole('link', { name: 'Book Lab Test' }).click();
  await page.getByLabel('Test Name *').fill('HbA1c');
  await page.getByLabel('Lab Location *').fill('Metro Labs');
  await page.getByLabel('Date *').fill(kolkataDate(1));
  await page.getByLabel('Time *').fill('08:00');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('link', { name: 'View All' }).click();
  await page.getByRole('button', { name: 'Mark HbA1c as done' }).click();
  const past = page.getByRole('list', { name: 'Past appointments' });
  await expect(past).toContainText('Done');

  // One tap: the form opens on Reports with HbA1c chosen.
  await past.getByRole('link', { name: 'Enter the result of HbA1c' }).click();
  await expect(page).toHaveURL(/\/reports\?lab=hba1c$/);
  const dialog = page.getByRole('dialog', { name: 'Add lab result' });
  await expect(dialog.getByLabel('Test')).toHaveValue('hba1c');

  // Out of bounds: the schema's message, the dialog stays open, nothing saved.
  await dialog.getByLabel('Result').fill('2');
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(dialog).toContainText('Result must be at least 3 %');
  await screenshot(page, 'lab-dialog');
  await expectAccessible(page, 'lab-dialog');
  await dialog.getByLabel('Unit').selectOption('mmol/mol');
  await dialog.getByLabel('Result').fill('64');
  await dialog.getByLabel('Date').fill(kolkataDate(-120));
  await dialog.getByRole('button', { name: 'Save Result' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/reports$/);

  await page.getByRole('button', { name: 'Add result' }).click();
  await addResult(page, 'HbA1c', '7.4', '%', kolkataDate(-3));
  await page.getByRole('button', { name: 'Add result' }).click();
  await addResult(page, 'Serum creatinine', '1.0', 'mg/dL', kolkataDate(-3));

  const card = page.getByTestId('lab-results');
  await expect(card.getByTestId('lab-hba1c')).toContainText('7.4 %');
  await expect(card.getByTestId('lab-hba1c')).toContainText('57 mmol/mol');
  await expect(card.getByTestId('lab-hba1c')).toContainText('Previous: 8.0 %');
  await expect(card.getByTestId('lab-estimate')).toContainText('Estimated A1c (from your readings)');
  await expect(card.getByTestId('lab-estimate')).toContainText('An estimate needs readings on at least 14 days');
  // CKD-EPI 2021, female, 52, creatinine 1.0 mg/dL: 142 × (1/0.7)^−1.2 × 0.9938^52 × 1.012 ≈ 68.
  await expect(card.getByTestId('lab-others')).toContainText('1.00 mg/dL');
  await expect(card.getByTestId('lab-others')).toContainText('eGFR 68 mL/min/1.73 m²');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'reports-lab-results');
  await expectAccessible(page, 'reports-lab-results');

  await card.getByRole('link', { name: 'HbA1c history' }).click();
  await expect(page).toHaveURL(/\/reports\/history\/hba1c$/);
  await expect(page.getByRole('heading', { name: 'HbA1c History' })).toBeVisible();
  const rows = page.getByTestId('hba1c-results').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('7.4 %');
  await expect(rows.nth(1)).toContainText('8.0 %');
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await screenshot(page, 'history-hba1c');
  await expectAccessible(page, 'history-hba1c');

  // Hindi: the same card in the active language.
  await page.goto('/profile');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/reports');
  await expect(page.getByTestId('lab-results')).toContainText('सबसे हाल का HbA1c (लैब)');
  await page.getByTestId('lab-results').scrollIntoViewIfNeeded();
  await screenshot(page, 'reports-lab-results-hi');
});
