/** Shared steps for the journeys: sign in through the local sign-in page like a person. */
import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A unique email per call so journeys never share a user. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** Landing → Continue with Google → Local sign-in → back on the app (profile setup or home). */
export async function signIn(page: Page, identity: { name: string; email: string }): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveTitle(/Local sign-in/);
  await page.getByLabel('Name').fill(identity.name);
  await page.getByLabel('Email').fill(identity.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(profile-setup|home)$/);
}

export interface ProfileValues {
  sex?: string;
  age?: string;
  whatsapp?: string;
  address?: string;
  state?: string;
  pincode?: string;
}

/** Fills and submits Complete Your Profile; waits for Home. */
export async function completeProfile(page: Page, values: ProfileValues = {}): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await page.getByLabel('Sex *').selectOption(values.sex ?? 'female');
  await page.getByLabel('Age *').fill(values.age ?? '52');
  await page.getByLabel('WhatsApp Number *').fill(values.whatsapp ?? '9876543210');
  await page.getByLabel('Address *').fill(values.address ?? '12 MG Road');
  await page.getByLabel('State *').selectOption(values.state ?? 'Karnataka');
  await page.getByLabel('Pincode *').fill(values.pincode ?? '560001');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await page.waitForURL(/\/home$/);
}

/** A signed-in user with a complete profile, on Home. */
export async function signInWithProfile(page: Page, name = 'Asha Rao'): Promise<string> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  await signIn(page, { name, email });
  await completeProfile(page);
  return email;
}

/** Saves a phone-sized screenshot under test-results/screens for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}
