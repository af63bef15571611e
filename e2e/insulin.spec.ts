/**
 * Insulin in units: an Injection marked as insulin asks for units at Take, pre-filled the second time
 * with the first dose; History's Insulin view totals the day by type; a deleted dose comes back with Undo.
 * Decision 047.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

test('mark an injection as insulin, take it in units (pre-filled the second time), see the daily total', async ({
  page,
}) => {
  await signInWithProfile(page, 'Kiran Rao');
  await page.goto('/medications/add');
  await page.getByLabel('Medication Name *').fill('Insulin Aspart');
  await page.getByLabel('Dosage *').fill('100 U/mL pen');
  await expect(page.getByLabel('Insulin', { exact: true })).toHaveCount(0);
  await page.getByLabel('Form').selectOption('Injection');
  await page.getByLabel('Insulin', { exact: true }).selectOption('rapid');
  await page.getByLabel('Frequency').selectOption('as-needed');
  await screenshot(page, 'insulin-medication-form');
  await page.getByRole('button', { name: 'Save Medication' }).click();
  await expect(page).toHaveURL(/\/medications$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('button', { name: 'Log dose of Insulin Aspart' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Units (U)')).toHaveValue('');
  await expect(dialog).toContainText('Enter the units from the plan your doctor gave you.');
  await dialog.getByLabel('Units (U)').fill('6.25');
  await dialog.getByRole('button', { name: 'Take' }).click();
  await expect(dialog).toContainText('Units (U) must be in steps of 0.5 U');
  await dialog.getByLabel('Units (U)').fill('6');
  await dialog.getByRole('button', { name: 'Take' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Marked Insulin Aspart as taken', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Log dose of Insulin Aspart' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Units (U)')).toHaveValue('6');
  await expect(dialog).toContainText('Filled in with your last dose for this time (6 U).');
  await screenshot(page, 'insulin-take');
  await expectAccessible(page, 'insulin-take');
  await dialog.getByLabel('Units (U)').fill('6.5');
  await dialog.getByRole('button', { name: 'Take' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto('/reports');
  await page.getByRole('link', { name: 'Insulin: total daily units' }).click();
  await expect(page).toHaveURL(/\/reports\/history\/insulin$/);
  await expect(page.getByRole('heading', { name: 'Insulin History' })).toBeVisible();
  const rows = page.getByTestId('insulin-days').getByRole('row');
  await expect(rows).toHaveCount(2); // the header and today
  await expect(rows.nth(0)).toContainText('Rapid');
  await expect(rows.nth(1)).toContainText('12.5 U');
  await expect(page.getByTestId('insulin-average')).toContainText('12.5 U over 1 day with doses');
  await screenshot(page, 'history-insulin');
  await expectAccessible(page, 'history-insulin');

  // Delete the 6.5 U dose: confirmed, the total drops; Undo logs it again.
  await page.getByRole('button', { name: /^Delete dose: 6\.5 U Rapid/ }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm).toContainText('Delete this dose?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(rows.nth(1)).toContainText('6 U');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Dose restored', { exact: true })).toBeVisible();
  await expect(rows.nth(1)).toContainText('12.5 U');
});
