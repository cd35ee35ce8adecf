/**
 * A review from booking to display (issue 49, ADR 64): two buyers book a test drive of a seller's
 * car, the seller accepts, the drives' time passes; one buyer reviews it in My Bookings, the other
 * through the API; the reviews show on the seller's page with their average and on the car's card;
 * the seller answers; someone reports the harsh one; an admin hides it, and it leaves the page and
 * the average. The harsh one ends in a 150-character word, which wraps on a phone's seller page and
 * in the admins' list.
 *
 * The test drives must take place while the test runs, and the server has no clock to move: this
 * spec starts its own server (with the demo data, for its admin) in a time zone where it is now
 * midday, inside the test-drive hours, books the drives a minute ahead and waits for them to start.
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_PASSWORD, expect, test } from '../fixtures.ts';
import { type RunningServer, startServer, stopServer } from '../server.ts';
import { expectNoSidewaysScroll, longWord } from '../support/layout.ts';
import { postCar, signInViaApi, signUp, tag } from '../support/marketplace.ts';

/** A fixed-offset zone where it is now about noon (`Etc/GMT-5` is five hours ahead of UTC). */
function noonZone(): { zone: string; offsetHours: number } {
  let offset = 12 - new Date().getUTCHours();
  if (offset < -12) offset += 24;
  if (offset > 14) offset -= 24;
  return {
    zone: offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
    offsetHours: offset,
  };
}

const { zone, offsetHours } = noonZone();

/** The first whole minute at least 30 s ahead, as the server's wall clock reads it: `{ date, time }`. */
function soonInZone(): { date: string; time: string; startsAt: number } {
  const startsAt = Math.ceil((Date.now() + 30_000) / 60_000) * 60_000;
  const wall = new Date(startsAt + offsetHours * 3_600_000).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16), startsAt };
}

/** The page, narrowed to a phone's width, is no wider than it; then back to the desktop's. */
async function expectFitsAPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 390);
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

test.describe('a review from booking to display', () => {
  test.describe.configure({ mode: 'serial' });
  let server: RunningServer;
  let suiteBaseURL: string | undefined;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    server = await startServer({ TZ: zone });
    // The support helpers write with the suite's server as their origin: this server's, here.
    suiteBaseURL = process.env.E2E_BASE_URL;
    process.env.E2E_BASE_URL = server.baseURL;
  });
  test.afterAll(async () => {
    process.env.E2E_BASE_URL = suiteBaseURL;
    await stopServer(server, 'test-results/reviews-server.log');
  });

  const newPerson = (browser: Browser): Promise<BrowserContext> =>
    browser.newContext({ baseURL: server.baseURL, timezoneId: zone });

  test('buyers review a test drive that took place; the seller answers; an admin hides a reported review', async ({
    browser,
    expectNoA11yViolations,
  }) => {
    test.setTimeout(300_000);
    const write = { origin: server.baseURL };

    // A seller's car, and two buyers who book a test drive of it a minute ahead, accepted at once.
    const seller = await newPerson(browser);
    const sellerName = `Sal Seller ${tag()}`;
    await signUp(seller.request, 'Seller', sellerName);
    const car = await postCar(seller.request, `Evora ${tag()}`);
    const { id: sellerId } = await ok<{ id: string }>(await seller.request.get('/api/me'), 'the seller');

    const buyer = await newPerson(browser);
    const buyerName = `Bea Buyer ${tag()}`;
    await signUp(buyer.request, 'Buyer', buyerName);
    const critic = await newPerson(browser);
    const criticName = `Cal Critic ${tag()}`;
    await signUp(critic.request, 'Buyer', criticName);

    const when = soonInZone();
    for (const person of [buyer, critic]) {
      const booking = await ok<{ id: string }>(
        await person.request.post('/api/testdrivebooking', {
          data: { carId: car.id, phone: '+1 512 555 0142', city: 'Austin', ...when },
          headers: write,
        }),
        'booking a test drive',
      );
      await ok(
        await seller.request.post(`/api/testdrivebooking/${booking.id}/accept`, { headers: write }),
        'accepting it',
      );
    }

    // Not before it took place: nothing to review yet.
    expect(await ok<unknown[]>(await buyer.request.get('/api/me/reviewable-bookings'), 'reviewable')).toEqual(
      [],
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, when.startsAt - Date.now() + 1_000)));

    // The buyer reviews it from My Bookings: three star ratings and a text.
    const buyerPage = await buyer.newPage();
    await buyerPage.goto('/dash/buyer/bookings');
    const toReview = buyerPage.getByRole('region', { name: 'Test drives to review' });
    await expect(toReview.getByText(car.name)).toBeVisible();
    await toReview
      .getByRole('button', { name: `Review this test drive: the ${car.name} with ${sellerName}` })
      .click();
    const dialog = buyerPage.getByRole('dialog', { name: 'Review this test drive' });
    const stars = (rating: string, label: string) =>
      dialog.getByRole('group', { name: rating }).locator('label').filter({ hasText: label }).click();
    await stars('Experience', '5 stars, Excellent');
    await stars('Accuracy of the listing', '4 stars, Very good');
    await stars('Communication', '3 stars, Good');
    await dialog.getByLabel('Your review').fill('On time, and the car was exactly as described.');
    await expectNoA11yViolations(buyerPage);
    await dialog.getByRole('button', { name: 'Publish review' }).click();
    await expect(buyerPage.getByText('Thanks: your review is on the seller’s page.')).toBeVisible();
    await expect(toReview).toHaveCount(0);
    const mine = buyerPage.getByRole('region', { name: 'Your reviews' });
    await expect(mine.getByText('On time, and the car was exactly as described.')).toBeVisible();

    // The other buyer's review is a harsh one.
    const harsh = await ok<{ id: string }>(
      await critic.request.post('/api/reviews', {
        data: {
          bookingId: (
            await ok<{ bookingId: string }[]>(
              await critic.request.get('/api/me/reviewable-bookings'),
              'reviewable',
            )
          )[0]!.bookingId,
          experience: 1,
          accuracy: 1,
          communication: 1,
          body: `Worst seller ever, total idiots. ${longWord('Idiots', 150)}`,
        },
        headers: write,
      }),
      'the harsh review',
    );

    // Both show on the seller's page with their average (4 and 1: 2.5), and on the car's card.
    await buyerPage.goto(`/sellers/${sellerId}`);
    const reviews = buyerPage.getByRole('region', { name: 'Reviews', exact: true });
    await expect(reviews.getByRole('img', { name: '2.5 out of 5 stars' })).toBeVisible();
    await expect(reviews.getByText('2 reviews')).toBeVisible();
    await expect(reviews.getByRole('article')).toHaveCount(2);
    await expectNoA11yViolations(buyerPage);
    await expectFitsAPhone(buyerPage);
    await buyerPage.goto(`/cars?q=${encodeURIComponent(car.model)}`);
    const card = buyerPage.getByTestId('car-card').filter({ hasText: car.model });
    await expect(card).toContainText('Rated 2.5 out of 5 from 2 reviews');

    // The seller answers the buyer's review from their dashboard, once.
    const sellerPage = await seller.newPage();
    await sellerPage.goto('/dash/seller/reviews');
    await sellerPage.getByRole('button', { name: `Answer the review by ${buyerName}` }).click();
    await sellerPage.getByLabel(`Your answer to ${buyerName}`).fill('Thank you, see you soon!');
    await sellerPage.getByRole('button', { name: 'Publish answer' }).click();
    await expect(sellerPage.getByText('Your answer is published under the review.')).toBeVisible();
    await expect(sellerPage.getByRole('button', { name: `Answer the review by ${buyerName}` })).toHaveCount(
      0,
    );
    await expectNoA11yViolations(sellerPage);

    // The seller reports the harsh review from their page.
    await sellerPage.goto(`/sellers/${sellerId}`);
    await expect(
      sellerPage
        .getByRole('region', { name: `Answer from ${sellerName}` })
        .getByText('Thank you, see you soon!'),
    ).toBeVisible();
    await sellerPage.getByRole('button', { name: `Report the review by ${criticName}` }).click();
    const report = sellerPage.getByRole('dialog', { name: 'Report this review' });
    await report.getByRole('radio', { name: 'Offensive' }).check();
    await report.getByRole('button', { name: 'Submit report' }).click();
    await expect(sellerPage.getByText('Thanks: the admins will look at this review.')).toBeVisible();
    await expect(
      sellerPage.getByRole('button', { name: `Reported the review by ${criticName}` }),
    ).toBeDisabled();

    // An admin hides it with a note.
    const admin = await newPerson(browser);
    await signInViaApi(admin.request, DEMO_ADMIN, DEMO_PASSWORD);
    const adminPage = await admin.newPage();
    await adminPage.goto('/dash/admin/reported-reviews');
    const row = adminPage.getByRole('row').filter({ hasText: 'Worst seller ever, total idiots.' });
    await expect(row.getByRole('list', { name: 'Reports' })).toContainText('Offensive');
    await expectNoA11yViolations(adminPage);
    await expectFitsAPhone(adminPage);
    await row.getByRole('button', { name: `Hide the review by ${criticName} of ${sellerName}` }).click();
    const hide = adminPage.getByRole('dialog', { name: 'Hide this review' });
    await hide.getByLabel('Note for the log').fill('Insults: against the rules');
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await expect(row.getByRole('list', { name: 'Moderation log' })).toContainText(
      'Hidden: Insults: against the rules',
    );

    // It leaves the seller's page, its figures and the card's; its author still sees it, marked.
    await buyerPage.goto(`/sellers/${sellerId}`);
    // The figures, then the one review left: both 4 stars.
    await expect(reviews.getByRole('img', { name: '4 out of 5 stars' })).toHaveCount(2);
    await expect(reviews.getByText('1 review', { exact: true })).toBeVisible();
    await expect(reviews.getByRole('article')).toHaveCount(1);
    await expect(reviews.getByText('Worst seller ever')).toHaveCount(0);
    await buyerPage.goto(`/cars?q=${encodeURIComponent(car.model)}`);
    await expect(card).toContainText('Rated 4 out of 5 from 1 review');
    const theirs = await ok<{ items: { id: string; hidden: boolean }[] }>(
      await critic.request.get('/api/me/reviews'),
      "the critic's reviews",
    );
    expect(theirs.items).toEqual([expect.objectContaining({ id: harsh.id, hidden: true })]);

    for (const context of [seller, buyer, critic, admin]) await context.close();
  });
});
