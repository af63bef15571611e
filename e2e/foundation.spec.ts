import { expect, test } from '@playwright/test';
import { manifest, staticClosure } from './build-manifest';
import { completeProfile, screenshot, signIn, signInWithProfile, uniqueEmail } from './fixtures';
import { expectAccessible } from './a11y';

test('a new user signs in, completes the profile, finds Home, edits the profile and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Your Diabetes Care Partner')).toBeVisible();
  await expect(page.getByText('Free • Secure • No credit card required')).toBeVisible();
  for (const figure of ['10K+', '95%', '4.9']) await expect(page.getByText(figure, { exact: true })).toBeVisible();
  await screenshot(page, 'landing');
  await expectAccessible(page, 'landing');

  const email = uniqueEmail('asha');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Local sign-in' })).toBeVisible();
  await screenshot(page, 'local-sign-in');
  await expectAccessible(page, 'local-sign-in');
  await page.getByLabel('Name').fill('Asha Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL(/\/profile-setup$/);
  expect(new URL(page.url()).hash).toBe('');
  await expect(page.getByText('Help us personalize your experience')).toBeVisible();
  await expect(page.getByLabel('Email *')).toHaveValue(email);
  await expect(page.getByLabel('Email *')).toBeDisabled();
  await expect(page.getByLabel('Country')).toHaveValue('India');
  await expect(page.getByLabel('Name *')).toHaveValue('Asha Rao');
  await screenshot(page, 'profile-setup');
  await expectAccessible(page, 'profile-setup');
  await completeProfile(page);
  await expect(page.getByText('Profile created successfully', { exact: true })).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Hi Asha!' })).toBeVisible();
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-IN', {
      weekday: 'long',
      month: 'short',
      day: 'numeric',
      timeZone: 'Asia/Kolkata',
    }).format(new Date()),
  );
  await expect(page.getByText(today)).toBeVisible();
  await expect(page.getByText('No medications scheduled')).toBeVisible();
  await screenshot(page, 'home');
  await expectAccessible(page, 'home');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Meds' }).click();
  await expect(page).toHaveURL(/\/medications$/);
  await expect(nav.getByRole('link', { name: 'Meds' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await nav.getByRole('link', { name: 'AI Chat' }).click();
  await expect(page.getByRole('heading', { name: 'AI Diabetes Assistant' })).toBeVisible();
  await expect(page.getByText('Get advice about diabetes management')).toBeVisible();
  await nav.getByRole('link', { name: 'Home' }).click();

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await expect(page.getByText('Version 1.0.0')).toBeVisible();
  await expect(page.getByText(/© 2025/)).toBeVisible();
  await screenshot(page, 'profile');
  await expectAccessible(page, 'profile');
  await page.getByLabel('Full Name').fill('Asha R Menon');
  await page.getByLabel('Phone Number').fill('9123456780');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Asha R Menon');
  await expect(page.getByLabel('Phone Number')).toHaveValue('9123456780');

  await page.getByRole('button', { name: 'Email Support' }).click();
  await expect(page.getByText('Our team will get back to you within 24 hours', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Install App' }).click();
  await expect(page.getByRole('dialog', { name: 'Install DiaCare' })).toBeVisible();
  await expectAccessible(page, 'profile-install-dialog');
  await page.mouse.click(195, 20);
  await expect(page.getByRole('dialog')).toBeHidden();

  // Signing out asks the server nothing but the sign-out: the screen's queries leave with it.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(`${request.method()} ${pathname}`);
  });
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
  expect(asked).toEqual(['POST /api/auth/logout']);
  for (const path of ['/home', '/medications', '/profile', '/profile-setup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
  }
  // The server revoked the session too.
  const me = await page.request.get('/api/auth/me');
  expect(me.status()).toBe(401);

  // A returning user with a complete profile goes straight to Home.
  await signIn(page, { name: 'Asha Rao', email });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Hi Asha!' })).toBeVisible();
});

test('guards: signed out goes to the landing page; an incomplete profile goes to profile setup', async ({ page }) => {
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, { name: 'Ben', email: uniqueEmail('ben') });
  await page.goto('/home');
  await expect(page).toHaveURL(/\/profile-setup$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/profile-setup$/);
});

test('in-app navigation: redirects replace, the current tab adds no step, Back, a booking keeps its type', async ({
  page,
}) => {
  await signIn(page, { name: 'Farah Khan', email: uniqueEmail('farah') });
  await completeProfile(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // A redirect replaces its entry: Back from /home skips /dashboard.
  await page.goto('/reports');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/reports$/);
  // The current tab is marked; pressing it again (here with Enter) adds no history step.
  await nav.getByRole('link', { name: 'Meds' }).press('Enter');
  await expect(page).toHaveURL(/\/medications$/);
  await expect(nav.getByRole('link', { name: 'Meds' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Reports' })).not.toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Meds' }).click();
  await page.getByRole('link', { name: 'Add medication' }).first().click();
  await expect(page).toHaveURL(/\/medications\/add$/);
  await expect(nav).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/medications$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/reports$/);
  // A new screen starts at the top.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Hi Farah!' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // Booking's type comes with the navigation, and stays through a reload.
  await page.getByRole('link', { name: 'Book Lab Test' }).click();
  await expect(page.getByRole('heading', { name: 'Book Lab Test' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Book Lab Test' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Book Lab Test' })).toBeVisible();
});

test('redirects and coming-soon pages', async ({ page }) => {
  await signIn(page, { name: 'Chitra Iyer', email: uniqueEmail('chitra') });
  await completeProfile(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/schedule');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/terms');
  await expect(page.getByText('Terms of Service - Coming Soon')).toBeVisible();
  await expectAccessible(page, 'coming-soon');
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible(); // a real screen, no longer a placeholder
  await page.goto('/reminders/medication');
  await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
  await page.goto('/privacy-policy');
  await expect(page.getByText('Last updated: January 20, 2025')).toBeVisible();
  for (const section of [
    'Information We Collect',
    'How We Use Your Information',
    'Data Security',
    'HIPAA Compliance',
    'Data Sharing',
    'Your Rights',
    'Contact Us',
  ]) {
    await expect(page.getByRole('heading', { name: new RegExp(section) })).toBeVisible();
  }
  // With no chat agent configured, /chat is DiaCare's own assistant (e2e/chat.spec.ts),
  // and a patient never sees the server's configuration names.
  await page.goto('/chat');
  await expect(page.getByRole('heading', { name: 'AI Diabetes Assistant' })).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toBeVisible();
  await expect(page.getByText(/CHAT_AGENT_URL|not available yet/)).toHaveCount(0);
});

test('bad input shows its error: local sign-in email and profile pincode', async ({ page, baseURL }) => {
  await page.goto('/auth/login?redirect=' + encodeURIComponent(`${baseURL}/`));
  await page.getByLabel('Name').fill('Dev');
  await page.getByLabel('Email').fill('not-an-email');
  // Skip the browser's own check to reach the server's.
  await page.locator('form').evaluate((form) => form.setAttribute('novalidate', ''));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid email address');
  await expectAccessible(page, 'local-sign-in-error');

  await signIn(page, { name: 'Dev Patel', email: uniqueEmail('dev') });
  await page.getByLabel('Sex *').selectOption('male');
  await page.getByLabel('Age *').fill('40');
  await page.getByLabel('WhatsApp Number *').fill('9876543210');
  await page.getByLabel('Address *').fill('1 Park Street');
  await page.getByLabel('State *').selectOption('West Bengal');
  await page.getByLabel('Pincode *').fill('7000');
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page.getByText('Pincode must be exactly 6 digits')).toBeVisible();
  await expect(page).toHaveURL(/\/profile-setup$/);
  await expectAccessible(page, 'profile-setup-error');
});

test('a failed sign-in code shows the login failure message', async ({ page }) => {
  await page.goto('/#session_id=not-a-real-code');
  await expect(page.getByRole('alert')).toHaveText('Login failed. Please try again.');
  await expectAccessible(page, 'landing-login-failed');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not-found');
});

test('the app shell paints from index.html and its stylesheet before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/home');
  const shell = page.locator('[data-app-shell]');
  await expect(shell.getByText('DiaCare', { exact: true })).toBeVisible();
  // Laid out by the app's stylesheet (the CSP allows no inline styles): a centred column.
  await expect(shell).toHaveCSS('display', 'flex');
  await expect(shell).toHaveCSS('justify-content', 'center');
  expect(violations).toEqual([]);
  await context.close();
});

test('the locale-data worker starts with the page, under the content security policy, and closes', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const started: string[] = [];
  const closed: string[] = [];
  page.on('worker', (worker) => {
    started.push(new URL(worker.url()).pathname);
    worker.once('close', () => closed.push(new URL(worker.url()).pathname));
  });
  await page.goto('/');
  await expect(page.getByText('Your Diabetes Care Partner')).toBeVisible();
  // It formats a date, a number and a plural for each of the app's locales, then closes itself.
  await expect.poll(() => closed.length).toBe(1);
  expect(closed).toEqual(started);
  expect(started).toEqual([expect.stringMatching(/^\/assets\/intl-warm-up\.worker-[\w-]+\.js$/)]);
  expect(violations).toEqual([]);
});

test("a screen's address names the screen's chunks to a signed-in request, and only to one", async ({
  page,
  request,
}) => {
  // The Reports screen's chunks by the build's manifest: its own and every one it imports statically.
  const chunks = staticClosure('src/app/routes/reports.tsx');
  const named = async (response: { text(): Promise<string> }) =>
    new Set([...(await response.text()).matchAll(/(?:href|src)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]));

  await signInWithProfile(page);
  const signedIn = await named(await page.request.get('/reports'));
  expect([...chunks].filter((file) => !signedIn.has(file))).toEqual([]);
  for (const file of signedIn) expect((await page.request.get(`/${file}`)).status(), file).toBe(200);

  const reportsChunk = manifest['src/app/routes/reports.tsx']!.file;
  expect((await named(await request.get('/reports'))).has(reportsChunk)).toBe(false);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { name: 'Health Reports' })).toBeVisible();
});

test('the start chunks, and only they, ask V8 to compile all their functions while they download', async ({
  request,
}) => {
  const served = async (file: string) => (await (await request.get(`/${file}`)).text()).split('\n');
  const startChunks = Object.entries(manifest)
    .filter(([key, chunk]) => key === 'index.html' || /^assets\/(react|boot)-/.test(chunk.file))
    .map(([, chunk]) => chunk.file);
  expect(startChunks).toHaveLength(3);
  for (const file of startChunks) {
    // First, or second under the one-line dependency map Vite puts at the top of a chunk.
    const lines = await served(file);
    const hint = lines.indexOf('//# allFunctionsCalledOnLoad');
    expect(hint, file).toBeGreaterThanOrEqual(0);
    expect(
      lines.slice(0, hint).every((line) => line.startsWith('const __vite__mapDeps=')),
      file,
    ).toBe(true);
  }
  expect(await served(manifest['src/app/routes/reports.tsx']!.file)).not.toContain('//# allFunctionsCalledOnLoad');
});
