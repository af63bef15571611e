import { expect, test } from '@playwright/test';
import { screenshot, signInWithProfile } from './fixtures';
import { expectAccessible } from './a11y';

/** YYYY-MM-DD `days` from today in Asia/Kolkata (the browser's and the user's zone here). */
function kolkataDate(days: number): string {
  const instant = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant);
}

test('book a doctor visit and a lab test from Home, see them under Upcoming, cancel one', async ({ page }) => {
  await signInWithProfile(page, 'Kiran Das');
  await expect(page.getByText('No upcoming appointments')).toBeVisible();

  await page.getByRole('link', { name: 'Book Doctor' }).click();
  await expect(page.getByRole('heading', { name: 'Book Doctor' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Doctor Consultation' })).toHaveAttribute('aria-checked', 'true');
  // Bad input first: required fields and a past date.
  await page.getByLabel('Date *').fill(kolkataDate(-2));
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Reason for Visit is required')).toBeVisible();
  await expect(page.getByText('Date cannot be in the past')).toBeVisible();

  await page.getByLabel('Reason for Visit *').fill('Diabetes follow-up');
  await page.getByLabel('Doctor Name').fill('Dr. Sharma');
  await page.getByLabel('Clinic/Hospital *').fill('City Clinic');
  await page.getByLabel('Date *').fill(kolkataDate(3));
  await page.getByLabel('Time *').fill('10:30');
  await page.getByLabel('Additional Notes').fill('Bring last month’s readings');
  await screenshot(page, 'booking');
  await expectAccessible(page, 'booking');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Doctor appointment booked successfully', { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Book Lab Test' }).click();
  await expect(page.getByRole('heading', { name: 'Book Lab Test' })).toBeVisible();
  await expect(page.getByLabel('Doctor Name')).toHaveCount(0);
  await page.getByLabel('Test Name *').fill('HbA1c');
  await page.getByLabel('Lab Location *').fill('Metro Labs');
  await page.getByLabel('Date *').fill(kolkataDate(1));
  await page.getByLabel('Time *').fill('08:00');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Lab appointment booked successfully', { exact: true })).toBeVisible();

  const upcoming = page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem');
  await expect(upcoming).toHaveCount(2);
  await expect(upcoming.nth(0)).toContainText('HbA1c'); // soonest first
  await expect(upcoming.nth(0)).toContainText('Metro Labs');
  await expect(upcoming.nth(1)).toContainText('Diabetes follow-up');
  await expect(upcoming.nth(1)).toContainText('Dr. Sharma');
  await screenshot(page, 'home-upcoming');
  await expectAccessible(page, 'home-upcoming');

  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/booking#appointments$/);
  await expect(page.getByRole('heading', { name: 'Your Appointments' })).toBeInViewport();
  await page.getByRole('button', { name: 'Cancel HbA1c' }).click();
  await expect(page.getByText('Cancelled HbA1c', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Past appointments' })).toContainText('Cancelled');
  await screenshot(page, 'appointments');
  await expectAccessible(page, 'appointments');

  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Upcoming appointments' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Buy Medicine' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('link', { name: 'Buy Medicine' })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'Shop Essentials' })).toHaveAttribute('rel', 'noopener noreferrer');
});
