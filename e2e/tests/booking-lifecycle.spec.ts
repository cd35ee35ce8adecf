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
