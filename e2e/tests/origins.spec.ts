/**
 * Opened at any address the server answers at, a new user signs up and signs in (issue 16, item 11);
 * with PUBLIC_URL set, another address of the same server says where Redline lives. Loopback only.
 */
import type { Page } from '@playwright/test';
import { baseURL, expect, test, uniqueEmail } from '../fixtures.ts';
import { type RunningServer, startServer, stopServer } from '../server.ts';

async function signUp(page: Page, origin: string, email: string) {
  await page.goto(`${origin}/user/signup`);
  await page.getByLabel('Name', { exact: true }).fill('Origin Tester');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();
}

test.describe('without PUBLIC_URL', () => {
  test.describe.configure({ mode: 'serial' }); // one server for the three addresses
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // Its own server: no PUBLIC_URL, listening on IPv6 and IPv4 (only loopback is called), no demo data.
    server = await startServer({ PUBLIC_URL: '', HOST: '::', SEED_DEMO: 'false' });
  });
  test.afterAll(() => stopServer(server));

  for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
    test(`signs up and signs in at http://${host}`, async ({ page }) => {
      const origin = `http://${host}:${new URL(server.baseURL).port}`;
      const email = uniqueEmail('origin');
      await signUp(page, origin, email);
      await expect(
        page.getByText('Account created. We have e-mailed you a link to confirm your address.'),
      ).toBeVisible();

      await page.context().clearCookies();
      await page.goto(`${origin}/user/login`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a-good-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
      await expect(page.getByText('Invalid origin')).toHaveCount(0);
    });
  }
});

test('with PUBLIC_URL set, another address of the server names the setting', async ({ page }) => {
  const configured = new URL(baseURL()); // the suite's server: PUBLIC_URL is http://127.0.0.1:<port>
  await signUp(page, `http://localhost:${configured.port}`, uniqueEmail('elsewhere'));
  await expect(
    page.getByText(`This Redline is configured for ${configured.origin} (PUBLIC_URL); open it there.`),
  ).toBeVisible();
});
