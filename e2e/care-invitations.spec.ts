/**
 * A patient's pending invitations on Profile: Asha makes two links, sees each with its
 * role, what it shares and when it expires, revokes one with the keyboard, and whoever opens the
 * revoked link is told it is no longer valid.
 */
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { screenshot, signInWithProfile } from './fixtures';

test('Profile lists pending invitations; Revoke (confirmed) ends a link at once', async ({ page, browser }) => {
  await signInWithProfile(page, 'Asha Rao');
  await page.goto('/profile');
  const circle = page.getByRole('region', { name: 'Care circle' });
  await expect(circle.getByText('No invitation is waiting.')).toBeVisible();

  await circle.getByRole('button', { name: 'Create invitation link' }).click();
  const familyUrl = (await circle.getByTestId('care-invite-url').textContent())!.trim();
  await circle.getByRole('radio', { name: 'Doctor' }).check();
  await circle.getByRole('button', { name: 'Create invitation link' }).click();
  await expect(circle.getByTestId('care-invite-url')).not.toHaveText(familyUrl);

  const pending = circle.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  // Newest first: the doctor's link, then the family member's; never a link or token.
  await expect(pending.getByRole('listitem').first()).toContainText('Doctor');
  await expect(pending.getByRole('listitem').first()).toContainText('Will see: Medicines');
  await expect(pending.getByRole('listitem').last()).toContainText('Family member');
  await expect(pending.getByRole('listitem').last()).toContainText(/Expires on \d{1,2} \w{3}, \d\d:\d\d/);
  await expect(pending).not.toContainText(new URL(familyUrl).pathname.split('/').at(-1)!);
  await screenshot(page, 'care-pending-invitations');
  await expectAccessible(page, 'care pending invitations', { themes: ['light'] });

  // Keyboard only: Revoke on the family member's link, then the dialog's Revoke.
  const revoke = pending.getByRole('button', { name: /^Revoke the invitation \(Family member, expires on / });
  await revoke.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Revoke this invitation?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, 'care revoke invitation dialog', { themes: ['light'] });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Revoke' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Invitation revoked').first()).toBeVisible();
  await expect(pending.getByRole('listitem')).toHaveCount(1);
  await expect(pending).toContainText('Doctor');
  await expect(circle.getByRole('list', { name: 'Who looked, and when' })).toContainText(
    'You revoked an invitation (Family member)',
  );

  // Whoever opens the revoked link is told it no longer works.
  const context = await browser.newContext();
  const ravi = await context.newPage();
  await signInWithProfile(ravi, 'Ravi Rao');
  await ravi.goto(new URL(familyUrl).pathname);
  await expect(ravi.getByRole('alert')).toContainText(
    'This invitation was withdrawn and is no longer valid. Ask for a new link.',
  );
  await expect(ravi.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await context.close();
});
