/**
 * What a doctor sees of a patient (decision 077), at 390×844: granted medicines and
 * glucose but not blood pressure, the Blood pressure card says 'Not shared with you' (never 'No
 * data logged yet') though the patient logged 132/84; the glucose card opens the patient's glucose
 * History read-only; the blood pressure History says it is not shared; axe clean on both screens.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { kolkataDate, screenshot, signInWithProfile } from './fixtures';

test('a doctor sees what was shared, and opens the glucose history read-only', async ({ page, browser, baseURL }) => {
  await signInWithProfile(page, 'Asha Rao');
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { data, headers: { origin: baseURL! } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  const today = kolkataDate(0);
  const yesterday = kolkataDate(-1);
  await post('/api/health/glucose', { value: 142, meal_context: 'Fasting', date: yesterday, time: '07:30' });
  await post('/api/health/glucose', { value: 168, meal_context: 'After Lunch', date: yesterday, time: '14:00' });
  await post('/api/health/bp', { systolic: 132, diastolic: 84, date: today, time: '00:00' });
  // A doctor's invitation: medicines and glucose, the role's default scopes.
  const { token } = await post('/api/care/invitations', { role: 'doctor' });

  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await signInWithProfile(doctor, 'Dr Mehta');
  const accepted = await doctor.request.post(`/api/care/invitations/${token}/accept`, {
    headers: { origin: baseURL! },
  });
  expect(accepted.status()).toBe(200);
  const patientId: string = (await (await doctor.request.get('/api/care/patients')).json())[0].patient_id;

  await doctor.goto(`/care/patients/${patientId}/reports`);
  await expect(doctor.getByRole('heading', { name: 'Viewing Asha Rao’s data' })).toBeVisible();
  const bp = doctor.getByTestId('metric-bp');
  await expect(bp).toContainText('Not shared with you');
  await expect(bp).not.toContainText('No data logged yet');
  await expect(bp).not.toContainText('132');
  await expect(doctor.getByTestId('metric-glucose')).toContainText('168');
  await screenshot(doctor, 'care-shared-reports');
  await expectAccessible(doctor, 'care member reports', { themes: ['light'] });

  // The glucose card opens her glucose History, read-only: figures and readings, no Edit or Delete.
  await doctor.getByRole('link', { name: /Glucose.*history/i }).click();
  await doctor.waitForURL(new RegExp(`/care/patients/${patientId}/reports/history/glucose$`));
  await expect(doctor.getByRole('heading', { name: /Glucose History/i })).toBeVisible();
  await expect(doctor.getByText('Read only')).toBeVisible();
  const recent = doctor.getByRole('list', { name: /readings/i });
  await expect(recent).toContainText('168');
  await expect(recent).toContainText('142');
  await expect(doctor.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  // The texts speak of her, not of the reader.
  await expect(doctor.getByText('Shown once Asha Rao’s readings cover 14 days.')).toBeVisible();
  await expect(doctor.getByText(/your readings/)).toHaveCount(0);
  await screenshot(doctor, 'care-shared-glucose-history');
  await expectAccessible(doctor, 'care member glucose history', { themes: ['light'] });

  // Blood pressure's History is not shared; the back arrow returns to her Reports.
  await doctor.goto(`/care/patients/${patientId}/reports/history/bp`);
  await expect(doctor.getByTestId('history-not-shared')).toContainText('Not shared with you');
  await expect(doctor.getByText('132/84')).toHaveCount(0);
  await expectAccessible(doctor, 'care member history not shared', { themes: ['light'] });

  // Asha's audit names the doctor's views of her glucose.
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Who looked, and when' })).toContainText('Dr Mehta viewed blood sugar');
  await doctorContext.close();
});
