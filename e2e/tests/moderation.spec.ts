/**
 * Moderation as the admin does it: a reported car deleted from Reported Items (its page becomes a
 * 404 and it leaves the buyer's saved list), a seller verified (the badge shows on their cars), a
 * buyer deleted (their session stops working at the next request). Each test makes its own seller,
 * buyer and cars through the API; the admin is the demo admin.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test as base, DEMO_ADMIN, DEMO_PASSWORD, expect } from '../fixtures.ts';
import {
  type PostedCar,
  postCar,
  reportViaApi,
  saveViaApi,
  signInViaApi,
  signUp,
  tag,
} from '../support/marketplace.ts';

/** A deleted car's page (410 Gone: ADR 47). */
const GONE = 'This car is no longer on Redline';

const test = base.extend<{ sellerApi: APIRequestContext; adminPage: Page }>({
  sellerApi: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    await use(api);
    await api.dispose();
  },
  // The demo admin in a browser context of its own, beside the test's `page`.
  adminPage: async ({ browser, baseURL }, use) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInViaApi(page.request, DEMO_ADMIN, DEMO_PASSWORD);
    await use(page);
    await context.close();
  },
});

/** The row whose text includes `text`, clicking Load more until it shows (lists are shared by parallel tests). */
async function findRow(page: Page, text: string): Promise<Locator> {
  const row = page.getByRole('row').filter({ hasText: text });
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(page.getByRole('table')).toBeVisible();
  for (let i = 0; i < 20 && (await row.count()) === 0 && (await loadMore.isVisible()); i++) {
    await loadMore.click();
    await expect(loadMore.or(row)).toBeVisible();
  }
  await expect(row).toBeVisible();
  return row;
}

async function openCar(page: Page, car: PostedCar) {
  await page.goto(`/cars/id/${car.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(car.model) })).toBeVisible();
}

test('the admin deletes a reported car: its page says it is gone (410) and it leaves the saved list', async ({
  page,
  adminPage,
  sellerApi,
}) => {
  const seller = await signUp(sellerApi, 'Seller', `Shady Seller ${tag()}`);
  const car = await postCar(sellerApi, `Exige ${tag()}`);
  await signUp(page.request, 'Buyer', `Wary Buyer ${tag()}`);
  await saveViaApi(page.request, car.id);
  await reportViaApi(page.request, car.id, 'The VIN on the photo belongs to another car.');

  await page.goto('/dash/buyer/saved');
  await expect(page.getByRole('row').filter({ hasText: car.name })).toBeVisible();

  await adminPage.goto('/dash/admin/reported');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Reported Items' })).toBeVisible();
  const row = await findRow(adminPage, car.name);
  await expect(row).toContainText(seller.name);
  await expect(row).toContainText('1 report');
  await expect(row).toContainText('Suspected fraud');
  await expect(row.getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/cars/id/${car.id}`);

  await row.getByRole('button', { name: /Delete Post/ }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Delete this post?' });
  await confirm.getByRole('button', { name: 'Delete Post', exact: true }).click();
  await expect(adminPage.getByText('Deleted post successfully')).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: car.name })).toHaveCount(0);

  expect((await adminPage.goto(`/cars/id/${car.id}`))?.status()).toBe(410);
  await expect(adminPage.getByRole('heading', { name: GONE })).toBeVisible();

  expect((await page.goto(`/cars/id/${car.id}`))?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: GONE })).toBeVisible();
  await page.goto('/dash/buyer/saved');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Cars' })).toBeVisible();
  await expect(page.getByText('No saved cars yet')).toBeVisible();
  await expect(page.getByText(car.name)).toHaveCount(0);
});

test('the admin dismisses unfounded reports and the car stays', async ({ page, adminPage, sellerApi }) => {
  await signUp(sellerApi, 'Seller', `Honest Seller ${tag()}`);
  const car = await postCar(sellerApi, `Elise ${tag()}`);
  await signUp(page.request, 'Buyer', `Hasty Buyer ${tag()}`);
  await reportViaApi(page.request, car.id, 'Looks too cheap.');

  await adminPage.goto('/dash/admin/reported');
  const row = await findRow(adminPage, car.name);
  await row.getByRole('button', { name: /Dismiss reports/ }).click();
  await adminPage
    .getByRole('dialog', { name: 'Dismiss these reports?' })
    .getByRole('button', { name: 'Dismiss reports', exact: true })
    .click();
  await expect(adminPage.getByText('Reports dismissed')).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: car.name })).toHaveCount(0);
  await openCar(adminPage, car);
});

test('the admin verifies a seller and the badge appears on their cars', async ({ adminPage, sellerApi }) => {
  const seller = await signUp(sellerApi, 'Seller', `Vera Seller ${tag()}`);
  const car = await postCar(sellerApi, `Emira ${tag()}`);

  await openCar(adminPage, car);
  await expect(adminPage.getByText(seller.name)).toBeVisible();
  await expect(adminPage.getByText('Verified seller')).toHaveCount(0);

  await adminPage.goto('/dash/admin/allsellers');
  const row = await findRow(adminPage, seller.email);
  await row.getByRole('button', { name: `Verify ${seller.name}` }).click();
  await expect(adminPage.getByText('Verified user successfully')).toBeVisible();
  await expect(row.getByRole('button', { name: /Verify/ })).toHaveCount(0);
  await expect(row.getByText('Verified seller')).toBeVisible();

  await openCar(adminPage, car);
  await expect(adminPage.getByText('Verified seller')).toBeVisible();
});

test('the admin deletes a buyer, whose session stops working at the next request', async ({
  page,
  adminPage,
}) => {
  const buyer = await signUp(page.request, 'Buyer', `Gone Buyer ${tag()}`);
  await page.goto('/dash/buyer/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();

  await adminPage.goto('/dash/admin/allbuyers');
  const row = await findRow(adminPage, buyer.email);
  await row.getByRole('button', { name: `Delete User ${buyer.name}` }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Delete this buyer?' });
  await expect(confirm).toContainText(buyer.email);
  await confirm.getByRole('button', { name: 'Delete User', exact: true }).click();
  await expect(adminPage.getByText('Deleted user successfully')).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: buyer.email })).toHaveCount(0);

  // The buyer's very next request finds them signed out, and the app sends them to the login page.
  expect(await (await page.request.get('/api/me')).json()).toBeNull();
  await page.reload();
  await expect(page).toHaveURL(/\/user\/login/);
});

test('the admin screens have no WCAG 2 A/AA violations in either theme', async ({
  page,
  adminPage,
  sellerApi,
  expectNoA11yViolations,
}) => {
  await signUp(sellerApi, 'Seller', `Axe Seller ${tag()}`);
  const car = await postCar(sellerApi, `Evija ${tag()}`);
  await signUp(page.request, 'Buyer', `Axe Buyer ${tag()}`);
  await reportViaApi(page.request, car.id, 'Checking the screen.');
  for (const colorScheme of ['light', 'dark'] as const) {
    await adminPage.emulateMedia({ colorScheme });
    for (const path of ['/dash/admin/reported', '/dash/admin/allbuyers', '/dash/admin/allsellers']) {
      await adminPage.goto(path);
      await expect(adminPage.getByRole('table')).toBeVisible();
      await expectNoA11yViolations(adminPage);
    }
  }
});
