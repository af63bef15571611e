/**
 * The doctor report at 390×844: Reports → 'Doctor report' → period → Download saves a PDF whose text
 * holds the patient's name and the mean of the readings just logged; its first page is saved as a PNG.
 * Decision 019.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { screenshot, signInWithProfile } from './fixtures';
import { expectAccessible } from './a11y';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

test('download a doctor report for 14 days and find the logged figures in the PDF', async ({ page, baseURL }) => {
  await signInWithProfile(page, 'Kavya Nair');
  // Three readings in the last days through the API the log dialog uses: mean (110 + 150 + 190) ÷ 3 = 150.
  for (const [value, days] of [
    [110, 0],
    [150, -1],
    [190, -3],
  ] as const) {
    const response = await page.request.post('/api/health/glucose', {
      // Today's at 00:00: a reading later than now is refused.
      data: { value, meal_context: 'Fasting', date: kolkataDate(days), time: days === 0 ? '00:00' : '07:30' },
      headers: { origin: baseURL! },
    });
    expect(response.status()).toBe(201);
  }

  await page.goto('/reports');
  await page.getByRole('button', { name: 'Doctor report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Doctor report' });
  await expect(dialog.getByRole('radio', { name: '30 days' })).toBeChecked();
  // What the PDF holds, meals with them (its 'Meals and sugar' section, decision 089).
  await expect(dialog).toContainText('meals and the sugar rise after them');
  await dialog.getByText('14 days').click();
  await expect(dialog.getByRole('radio', { name: '14 days' })).toBeChecked();
  await screenshot(page, 'doctor-report-dialog');
  await expectAccessible(page, 'doctor-report-dialog');

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  const fileName = `diacare-report-${kolkataDate(-13)}-to-${kolkataDate(0)}.pdf`;
  expect(download.suggestedFilename()).toBe(fileName);
  await expect(dialog.getByText(`Saved ${fileName}`)).toBeVisible();

  const path = 'test-results/doctor-report.pdf';
  await download.saveAs(path);
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain('Kavya Nair');
  expect(text).toContain('(14 days)');
  expect(text).toContain('3 on 3 days 150 mg/dL');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', path, 'test-results/screens/doctor-report-page']);
});

test('the dialog shows the error when the report cannot be made, and can try again', async ({ page }) => {
  await signInWithProfile(page, 'Arjun Das');
  await page.goto('/reports');
  // The server failing is simulated at the network layer: the real one does not fail on demand.
  await page.route('**/api/reports/doctor**', (route) =>
    route.fulfill({ status: 503, json: { detail: 'The service is busy. Please try again.' } }),
  );
  await page.getByRole('button', { name: 'Doctor report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Doctor report' });
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Could not make the report: The service is busy. Please try again.',
  );
  await screenshot(page, 'doctor-report-error');
  await expectAccessible(page, 'doctor-report-error');

  await page.unroute('**/api/reports/doctor**');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  expect((await downloading).suggestedFilename()).toMatch(
    /^diacare-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});
