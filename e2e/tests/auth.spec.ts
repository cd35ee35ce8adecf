/**
 * Identity as a new user meets it: sign up as a seller or a buyer, the form's messages, signing in
 * from a protected page and landing back on it, signing out, and the role guards.
 */
import { baseURL, DEMO_ADMIN, DEMO_PASSWORD, expect, test, uniqueEmail } from '../fixtures.ts';

async function signUpThroughForm(
  page: import('@playwright/test').Page,
  name: string,
  email: string,
  seller: boolean,
) {
  await page.goto('/user/signup');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  if (seller) await page.getByRole('switch', { name: 'I want to sell cars' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Account created. We have e-mailed you a link to confirm your address.'),
  ).toBeVisible();
}

test('a signed-out visitor opens the public pages without a console error', async ({ page }) => {
  // A 401 from GET /api/me was logged on every public page and cost Lighthouse's best practices.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const path of ['/', '/categories', '/user/login']) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a seller signs up with the toggle and finds the seller menu in the dashboard', async ({ page }) => {
  await signUpThroughForm(page, 'Sally Seller', uniqueEmail('seller'), true);
  await expect(page).toHaveURL('/');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveURL('/dash');
  for (const entry of ['Post a Car', 'My Posts', 'Test drive requests']) {
    await expect(page.getByRole('link', { name: entry }).first()).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'My Bookings' })).toHaveCount(0);
});

test('a buyer signs up and finds the buyer menu', async ({ page }) => {
  await signUpThroughForm(page, 'Bob Buyer', uniqueEmail('buyer'), false);
  await page.goto('/dash');
  await expect(page.getByRole('link', { name: 'My Bookings' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Saved Cars' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a Car' })).toHaveCount(0);
});

test('the login form shows its validation messages', async ({ page }) => {
  await page.goto('/user/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 7 characters')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('someone@example.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText(/invalid email or password/i)).toBeVisible();
});

test('signing in from a protected page returns to it; signing out ends the session', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('return');
  const res = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Rita Return', email, password: 'a-good-password', role: 'Buyer' },
    headers: { origin: baseURL() },
  });
  expect(res.ok()).toBe(true);

  await page.goto('/dash/buyer/saved');
  await expect(page).toHaveURL(/\/user\/login/);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Signed in.')).toBeVisible();
  await expect(page).toHaveURL('/dash/buyer/saved');

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByRole('link', { name: 'Get started' }).first()).toBeVisible();
  expect(await (await page.request.get('/api/me')).json()).toBeNull();
});

test('an admin sees the admin menu; a buyer typing an admin address is asked to sign in with another account', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/dash');
  for (const entry of ['All Buyers', 'All Sellers', 'Reported Items']) {
    await expect(page.getByRole('link', { name: entry }).first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByRole('link', { name: 'Get started' }).first()).toBeVisible();

  await signUpThroughForm(page, 'Nosy Buyer', uniqueEmail('nosy'), false);
  await page.goto('/dash/admin/allbuyers');
  await expect(page).toHaveURL('/user/login?returnTo=%2Fdash%2Fadmin%2Fallbuyers&wrongAccount=1');
  await expect(page.getByText(/That page needs a different account/)).toBeVisible();
});
