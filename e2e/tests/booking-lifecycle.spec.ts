/**
 * Issue 20's booking lifecycle as its people meet it: the seller proposes another time, the buyer
 * takes it and pays; the seller sells the car, and the buyer's booking shows it cancelled and the
 * fee refunded. Each test signs up its own people.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { bookViaApi, markSoldViaApi, payViaApi, postCar, signUp, tag } from '../support/marketplace.ts';

/** A status or fee badge of a row, by its whole text (the row's phone layout repeats column names). */
const badge = (row: Locator, text: string) => row.locator('.badge', { hasText: new RegExp(`^${text}$`) });

test('a seller proposes another time, the buyer takes it and pays; the car is sold and the fee shows Refunded', async ({
  browser,
  page,
  baseURL,
  expectNoA11yViolations,
}) => {
  const sellerContext = await browser.newContext({ baseURL });
  await signUp(sellerContext.request, 'Seller', `Sally Seller ${tag()}`);
  const car = await postCar(sellerContext.request, `Huracan ${tag()}`);
  const buyerName = `Bea Buyer ${tag()}`;
  await signUp(page.request, 'Buyer', buyerName);
  const booking = await bookViaApi(page.request, car.id, 'Austin');

  // The seller moves the test drive to 4:45 PM from their requests.
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dash/seller/requests');
  const request = sellerPage.getByRole('row').filter({ hasText: car.name });
  await expect(badge(request, 'Requested')).toBeVisible();
  await request.getByRole('button', { name: /^Propose another time/ }).click();
  const dialog = sellerPage.getByRole('dialog', { name: 'Propose another time' });
  await dialog.getByLabel('Time').fill('16:45');
  await dialog.getByRole('button', { name: 'Propose time' }).click();
  await expect(sellerPage.getByText(`New time proposed to ${buyerName}`)).toBeVisible();
  await expect(request.getByText(/You proposed .* 4:45 PM/)).toBeVisible();
  await expectNoA11yViolations(sellerPage);

  // The buyer takes it: the booking is accepted at the new time.
  await page.goto('/dash/buyer/bookings');
  const mine = page.getByRole('row').filter({ hasText: car.name });
  await expect(badge(mine, 'New time proposed')).toBeVisible();
  await mine.getByRole('button', { name: `Accept the new time for the ${car.name}` }).click();
  await expect(badge(mine, 'Accepted')).toBeVisible();
  await expect(mine.getByText('4:45 PM')).toBeVisible();
  await expectNoA11yViolations(page);

  // Paid, then the car is sold: the test drive is off and the fee goes back.
  await payViaApi(page.request, booking.id);
  await page.reload();
  await expect(badge(mine, 'Paid')).toBeVisible();
  await markSoldViaApi(sellerContext.request, car.id);
  await expect(async () => {
    await page.reload();
    await expect(badge(mine, 'Refunded')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(badge(mine, 'Cancelled')).toBeVisible();
  await expect(mine.getByText('The car was sold')).toBeVisible();
  await expect(mine.getByRole('link', { name: /Pay and confirm/ })).toHaveCount(0);
  await sellerContext.close();
});

test('open lists follow live events: a new request, a proposed time and a cancellation show without a reload', async ({
  browser,
  page,
  baseURL,
}) => {
  const sellerContext = await browser.newContext({ baseURL });
  await signUp(sellerContext.request, 'Seller', `Sally Seller ${tag()}`);
  const car = await postCar(sellerContext.request, `Chiron ${tag()}`);
  const buyerName = `Bea Buyer ${tag()}`;
  await signUp(page.request, 'Buyer', buyerName);

  // The seller's open requests page, its live stream connected.
  const sellerPage = await sellerContext.newPage();
  const sellerStream = sellerPage.waitForResponse((res) => res.url().endsWith('/api/notifications/stream'));
  await sellerPage.goto('/dash/seller/requests');
  await sellerStream;
  const request = sellerPage.getByRole('row').filter({ hasText: car.name });
  await expect(request).toHaveCount(0);

  // The buyer books in another browser context: the request appears on the seller's page.
  const booking = await bookViaApi(page.request, car.id, 'Austin');
  await expect(badge(request, 'Requested')).toBeVisible();
  await expect(request).toContainText(buyerName);

  // The buyer's bookings page, open, shows the time the seller proposes, then pays.
  const buyerStream = page.waitForResponse((res) => res.url().endsWith('/api/notifications/stream'));
  await page.goto('/dash/buyer/bookings');
  await buyerStream;
  const mine = page.getByRole('row').filter({ hasText: car.name });
  await expect(badge(mine, 'Requested')).toBeVisible();
  await request.getByRole('button', { name: /^Propose another time/ }).click();
  const dialog = sellerPage.getByRole('dialog', { name: 'Propose another time' });
  await dialog.getByLabel('Time').fill('16:45');
  await dialog.getByRole('button', { name: 'Propose time' }).click();
  await expect(badge(mine, 'New time proposed')).toBeVisible();
  await expect(mine.getByText(/The seller proposes .* 4:45 PM/)).toBeVisible();
  await mine.getByRole('button', { name: `Accept the new time for the ${car.name}` }).click();
  await expect(badge(request, 'Accepted')).toBeVisible();
  await payViaApi(page.request, booking.id);
  await expect(badge(mine, 'Paid')).toBeVisible();
  await expect(badge(request, 'Paid')).toBeVisible();

  // The buyer cancels the paid test drive, told the policy: refunded, and the seller's page follows.
  await mine.getByRole('button', { name: /^Cancel Booking for/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel this test drive?' });
  await expect(confirm).toContainText('Your $120.00 fee will be refunded in full to your card.');
  await expect(confirm).toContainText('You can cancel a test drive until the time it starts.');
  await confirm.getByRole('button', { name: 'Cancel Booking', exact: true }).click();
  await expect(badge(mine, 'Cancelled')).toBeVisible();
  await expect(badge(request, 'Cancelled')).toBeVisible();
  await expect(request.getByText('The buyer cancelled it')).toBeVisible();
  // The refund, made by the job queue after the cancellation, reaches both pages by itself.
  await expect(badge(mine, 'Refunded')).toBeVisible({ timeout: 30_000 });
  await expect(badge(request, 'Refunded')).toBeVisible({ timeout: 30_000 });
  await sellerContext.close();
});
