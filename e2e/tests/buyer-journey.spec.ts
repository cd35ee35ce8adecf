/**
 * The buyer's journey as a new user lives it: book a test drive from a car's page, find it in My
 * Bookings, cancel another; save and unsave a car; report one. Every test signs up its own buyer
 * and seller and posts its own cars through the API, so parallel tests never share data.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect } from '../fixtures.ts';
import {
  bookViaApi,
  dayFromToday,
  type PostedCar,
  postCar,
  saveViaApi,
  signUp,
  tag,
} from '../support/marketplace.ts';

const BOOKED = 'Test drive booked. Pay for it in My Bookings to confirm it.';
const CANCELLED = 'Booking cancelled.';
const SAVED = 'Car saved.';
const UNSAVED = 'Post removed from saved';
const REPORTED = 'Your report has been submitted. Admin will preview this post. Thanks';
const ALREADY_REPORTED = 'You have already reported this post.';

const test = base.extend<{ sellerApi: APIRequestContext }>({
  // The seller works through its own API context, so the page stays the buyer's.
  sellerApi: async ({ playwright, baseURL }, use) => {
    const api = await playwright.request.newContext({ baseURL });
    await use(api);
    await api.dispose();
  },
});

/** A new seller with `count` cars of their own. */
async function sellerWithCars(api: APIRequestContext, count: number) {
  const seller = await signUp(api, 'Seller', `Sally Seller ${tag()}`);
  const cars: PostedCar[] = [];
  for (let i = 0; i < count; i++) cars.push(await postCar(api, `Evora GT ${tag()}`));
  return { seller, cars: cars as [PostedCar, ...PostedCar[]] };
}

async function openCar(page: Page, car: PostedCar) {
  await page.goto(`/cars/id/${car.id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(car.model) })).toBeVisible();
}

function rowOf(page: Page, carName: string) {
  return page.getByRole('row').filter({ hasText: carName });
}

test('a buyer books a test drive, sees it in My Bookings and cancels another one', async ({
  page,
  browser,
  baseURL,
  sellerApi,
}) => {
  const { seller, cars } = await sellerWithCars(sellerApi, 2);
  const [first, second] = cars as [PostedCar, PostedCar];
  const buyer = await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
  await bookViaApi(page.request, second.id, 'Dallas');

  await openCar(page, first);
  await page.getByRole('button', { name: 'Book a test drive now' }).click();
  const form = page.getByRole('dialog', { name: 'Book a test drive' });
  await expect(form.getByLabel('Name')).toHaveValue(buyer.name);
  await expect(form.getByLabel('Email')).toHaveValue(buyer.email);
  await expect(form.getByText(first.name)).toBeVisible();

  await form.getByRole('button', { name: 'Book test drive' }).click();
  await expect(form.getByText('Phone is required')).toBeVisible();

  await form.getByLabel('Phone').fill('+1 512 555 0199');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('Date').fill(dayFromToday(3));
  await form.getByLabel('Time').fill('10:30');
  await form.getByRole('button', { name: 'Book test drive' }).click();
  await expect(page.getByText(BOOKED)).toBeVisible();
  await expect(form).toBeHidden();

  await page.goto('/dash/buyer/bookings');
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  const booked = rowOf(page, first.name);
  await expect(booked).toContainText('Austin');
  await expect(booked).toContainText(seller.name);
  await expect(booked.getByRole('link', { name: /Pay and confirm/ })).toHaveAttribute(
    'href',
    /^\/buyer\/bookings\/[\w-]+$/,
  );

  const other = rowOf(page, second.name);
  await expect(other).toContainText('Dallas');
  await other.getByRole('button', { name: /Cancel Booking/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this test drive?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel Booking', exact: true }).click();
  await expect(page.getByText(CANCELLED)).toBeVisible();
  // The booking stays in the list, cancelled, with nothing left to do.
  await expect(other).toContainText('You cancelled it');
  await expect(other.getByRole('button', { name: /Cancel Booking/ })).toHaveCount(0);
  await expect(booked).toBeVisible();
  await page.reload();
  await expect(rowOf(page, first.name).getByRole('link', { name: /Pay and confirm/ })).toBeVisible();
  await expect(rowOf(page, second.name)).toContainText('Cancelled');

  // The seller sees the request, without the buyer's phone until it is paid.
  const sellerContext = await browser.newContext({ baseURL, storageState: await sellerApi.storageState() });
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dash/seller/requests');
  const request = rowOf(sellerPage, first.name);
  await expect(request).toContainText(buyer.name);
  await expect(request).toContainText('Austin');
  await expect(request).toContainText('Not paid yet');
  await expect(request).not.toContainText('555 0199');
  await sellerContext.close();
});

test('a seller cannot book a test drive: the button is disabled', async ({ page, sellerApi }) => {
  const { cars } = await sellerWithCars(sellerApi, 1);
  await signUp(page.request, 'Seller', `Sid Seller ${tag()}`);
  await openCar(page, cars[0]);
  await expect(page.getByRole('button', { name: 'Book a test drive now' })).toBeDisabled();
});

test('a buyer saves and unsaves a car and sees the bookmark change', async ({ page, sellerApi }) => {
  const { cars } = await sellerWithCars(sellerApi, 1);
  const car = cars[0];
  await signUp(page.request, 'Buyer', `Bo Buyer ${tag()}`);

  await openCar(page, car);
  const bookmark = page.getByRole('button', { name: 'Save this car' });
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await expect(bookmark.locator('svg')).toHaveAttribute('fill', 'none');

  await bookmark.click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
  await expect(bookmark.locator('svg')).toHaveAttribute('fill', 'currentColor');

  await page.goto('/dash/buyer/saved');
  const row = rowOf(page, car.name);
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: /View Details/ }).click();
  await expect(page).toHaveURL(`/cars/id/${car.id}`);
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  await bookmark.click();
  await expect(page.getByText(UNSAVED)).toBeVisible();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await expect(bookmark.locator('svg')).toHaveAttribute('fill', 'none');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Save this car' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/dash/buyer/saved');
  await expect(page.getByText('No saved cars yet')).toBeVisible();
});

test('a buyer reports a car once: it stays Reported after a reload, and a second report is refused with a clear message', async ({
  page,
  sellerApi,
}) => {
  const { cars } = await sellerWithCars(sellerApi, 1);
  await signUp(page.request, 'Buyer', `Rae Reporter ${tag()}`);

  await openCar(page, cars[0]);
  await page.getByRole('button', { name: 'Report about this post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report about this post' });
  await dialog.getByRole('radio', { name: 'Misleading information' }).check();
  await dialog.getByLabel(/Details/).fill('The mileage in the photos does not match the post.');
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await expect(page.getByText(REPORTED)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Reported' })).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Reported' })).toBeDisabled();
  const again = await page.request.post('/api/reportedpost', {
    data: { carId: cars[0].id, reason: 'Suspected fraud', details: '' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toBe(ALREADY_REPORTED);
});

test('My Bookings and Saved Cars have no WCAG 2 A/AA violations in either theme', async ({
  page,
  sellerApi,
  expectNoA11yViolations,
}) => {
  const { cars } = await sellerWithCars(sellerApi, 1);
  const car = cars[0];
  await signUp(page.request, 'Buyer', `Ava Auditor ${tag()}`);
  await bookViaApi(page.request, car.id, 'Houston');
  await saveViaApi(page.request, car.id);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/dash/buyer/bookings');
    await expect(rowOf(page, car.name)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/dash/buyer/saved');
    await expect(rowOf(page, car.name)).toBeVisible();
    await expectNoA11yViolations(page);
  }
});
