/**
 * Paying for a test drive in test mode (the default: no Stripe keys), as a new buyer would:
 * book, open Pay and confirm from My Bookings, pay with a Stripe test card, see it paid.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueEmail } from '../fixtures.ts';

type Booking = { id: string; carName: string };

const SUCCESS_TOAST = 'Transaction has been successfully done.';

/** Signs up a new buyer through the API; `page.request` shares its cookies with the page. */
async function newBuyer(page: Page): Promise<void> {
  await signUpViaApi(page.request, {
    name: 'Paula Payer',
    email: uniqueEmail('payer'),
    password: 'correct-horse-7',
    role: 'Buyer',
  });
}

/** A date a week from now, as the booking form would send it (YYYY-MM-DD, local). */
function nextWeek(): string {
  const at = new Date();
  at.setDate(at.getDate() + 7);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Books a test drive of one of the demo cars (the n-th advertised one) through the API. */
async function bookTestDrive(request: APIRequestContext, n = 0): Promise<Booking> {
  const cars = await request.get('/api/advertise');
  expect(cars.ok(), await cars.text()).toBe(true);
  const { items } = (await cars.json()) as { items: { id: string }[] };
  const car = items[n % items.length];
  if (!car) throw new Error('no advertised demo car to book');
  const response = await request.post('/api/testdrivebooking', {
    data: { carId: car.id, phone: '+1 512 555 0142', city: 'Austin', date: nextWeek(), time: '10:30' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Booking;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$120\.00$/ });

test('a new buyer opens Pay and confirm, pays with 4242 4242 4242 4242 and sees the booking paid', async ({
  page,
  expectNoA11yViolations,
}) => {
  await newBuyer(page);
  const booking = await bookTestDrive(page.request);

  await page.goto('/dash/buyer/bookings');
  await page.getByRole('link', { name: `Pay and confirm for the ${booking.carName}` }).click();
  await expect(page).toHaveURL(`/buyer/bookings/${booking.id}`);

  await expect(page.getByRole('heading', { name: booking.carName })).toBeVisible();
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await expectNoA11yViolations(page);
  await fillCard(page, '4242 4242 4242 4242');
  await expect(payButton(page)).toBeEnabled();
  await payButton(page).click();

  await expect(page.getByText(SUCCESS_TOAST)).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Payment successful' });
  await expect(receipt).toBeVisible();
  const transactionId = (await receipt.locator('code').first().textContent())?.trim() ?? '';
  expect(transactionId).toMatch(/^pi_/);
  await expect(receipt.getByText('Paid', { exact: true })).toBeVisible();

  // The server agrees: the booking is paid, with that transaction.
  const stored = await page.request.get(`/api/testdrivebooking/${booking.id}`);
  expect(await stored.json()).toMatchObject({ isPaid: true, payment: { transactionId } });

  await receipt.getByRole('link', { name: 'Go to My Bookings' }).click();
  await expect(page).toHaveURL('/dash/buyer/bookings');
  const row = page.getByRole('row').filter({ hasText: booking.carName });
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: /Pay and confirm/ })).toHaveCount(0);

  // Coming back to the pay page shows it paid instead of a form.
  await page.goto(`/buyer/bookings/${booking.id}`);
  await expect(page.getByRole('heading', { name: 'This test drive is paid' })).toBeVisible();
  await expect(page.getByText(transactionId)).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});

test('a declined card (4000 0000 0000 0002) shows the red error text and the booking stays unpaid', async ({
  page,
}) => {
  await newBuyer(page);
  await bookTestDrive(page.request, 0);
  const second = await bookTestDrive(page.request, 1);

  await page.goto(`/buyer/bookings/${second.id}`);
  await fillCard(page, '4000 0000 0000 0002');
  await payButton(page).click();

  const form = page.getByRole('form', { name: 'Card payment' });
  const errorText = form.getByRole('alert');
  await expect(errorText).toHaveText('Your card was declined.');
  await expect(errorText).toHaveClass(/text-error/);
  await expect(page.getByText(SUCCESS_TOAST)).toHaveCount(0);
  await expect(payButton(page)).toBeEnabled();

  const stored = await page.request.get(`/api/testdrivebooking/${second.id}`);
  expect(await stored.json()).toMatchObject({ isPaid: false, payment: null });

  await page.goto('/dash/buyer/bookings');
  const row = page.getByRole('row').filter({ hasText: second.carName });
  await expect(row.getByRole('link', { name: /Pay and confirm/ })).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toHaveCount(0);
});

test('the Pay button is disabled while the payment is processing', async ({ page }) => {
  await newBuyer(page);
  const booking = await bookTestDrive(page.request, 2);

  // Hold the card confirmation back a moment, as a slow network would.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/payments/test-mode/confirm', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto(`/buyer/bookings/${booking.id}`);
  await fillCard(page, '4242 4242 4242 4242');
  await payButton(page).click();

  const processing = page.getByRole('button', { name: /Processing…/ });
  await expect(processing).toBeDisabled();
  release();
  await expect(page.getByText(SUCCESS_TOAST)).toBeVisible();
  await expect(page.getByRole('button', { name: /Processing…|Pay \$/ })).toHaveCount(0);
});
