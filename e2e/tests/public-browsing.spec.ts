/**
 * Browsing open to anyone (issue 47): a visitor opens the home page and a car, searches, and is asked
 * to sign in only when saving a car, then comes back to it saved; with BROWSING=signed-in the cars for
 * sale need a signed-in visitor, as the product was first specified.
 */
import { DEMO_BUYER, DEMO_PASSWORD, expect, hydrated, openNavbarSearch, test } from '../fixtures.ts';
import { type RunningServer, startServer, stopServer } from '../server.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

test.describe('with browsing public (the default)', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a visitor browses and searches, signs in at the moment of saving and comes back with the car saved', async ({
    page,
    playwright,
    baseURL,
  }) => {
    // A car of a seller of this test's own, which no one else saves.
    const sellerApi = await playwright.request.newContext({ baseURL });
    await signUp(sellerApi, 'Seller', `Sally Seller ${tag()}`);
    const car = await postCar(sellerApi, `Elise ${tag()}`);
    await sellerApi.dispose();

    // The home page, and a car of What's New, server-rendered for a visitor.
    await page.goto('/');
    await hydrated(page);
    const whatsNew = page.getByRole('region', { name: "What's New" });
    await whatsNew.getByTestId('car-card').first().locator('a[data-car-link]').click();
    await expect(page).toHaveURL(/\/cars\/id\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true }).first()).toBeVisible();

    // A search from the navigation bar, and the car it finds.
    const box = await openNavbarSearch(page);
    await box.fill(car.model);
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${car.model}”`);
    await page.getByTestId('car-card').locator('a[data-car-link]', { hasText: car.model }).click();
    await expect(page).toHaveURL(`/cars/id/${car.id}`);
    const response = await page.request.get(`/cars/id/${car.id}`, { maxRedirects: 0 });
    expect(response.status(), 'the car page is sent to a visitor, not a redirect').toBe(200);

    // Save: sign in first, then back to the car, saved.
    await page.getByRole('button', { name: 'Save this car' }).click();
    await expect(page).toHaveURL('/user/login');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_BUYER);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Car saved.')).toBeVisible();
    await expect(page).toHaveURL(`/cars/id/${car.id}`);
    await expect(page.getByRole('button', { name: 'Save this car' })).toHaveAttribute('aria-pressed', 'true');

    // Among the buyer's saved cars.
    await page.goto('/dash/buyer/saved');
    await expect(page.getByRole('row').filter({ hasText: car.name })).toBeVisible();
  });
});

test.describe('with BROWSING=signed-in', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer({ BROWSING: 'signed-in', SEED_DEMO: 'false' });
  });
  test.afterAll(() => stopServer(server));

  test('the cars for sale send a visitor to sign in and back, as before', async ({ page }) => {
    for (const path of ['/cars?q=porsche', '/category/super-car', '/cars/id/any-car', '/sellers/anyone']) {
      const response = await page.request.get(`${server.baseURL}${path}`, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe(`/user/login?returnTo=${encodeURIComponent(path)}`);
      const api = await page.request.get(`${server.baseURL}/api/cars/search?q=porsche`);
      expect(api.status()).toBe(401);
    }
    await page.goto(`${server.baseURL}/sellers/anyone`);
    await expect(page).toHaveURL(/\/user\/login\?returnTo=%2Fsellers%2Fanyone$/);
  });
});
