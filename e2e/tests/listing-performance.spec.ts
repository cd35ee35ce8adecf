/**
 * The seller's listing performance (issue 49): a visitor opens a car's page, and its seller (the demo
 * dealer Marquee Motors) sees the view counted in Performance, in the car's line and on its own page,
 * with the chart per day and its table. Views are counted a few seconds after they are recorded, and
 * other tests may open the same car meanwhile: the count is polled until it has grown. The visitor is
 * a buyer of this test's own: a visitor without a session is known by address and browser, which
 * every test's browser shares, and one view a day is all such a visitor counts (ADR 62).
 */
import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, hydrated, test } from '../fixtures.ts';
import { signUp } from '../support/marketplace.ts';

const DEMO_SELLER = 'sales@redline.test';

/** The page views a line of the list, or a tile, shows (its figure before the trend). */
async function viewsIn(figures: Locator): Promise<number> {
  const text = await figures
    .getByText('Page views', { exact: true })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  return Number(text?.match(/^[\d,]+/)?.[0]?.replaceAll(',', '') ?? Number.NaN);
}

/** The line of the car named `name` in the seller's list. */
const lineOf = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

test("a buyer's view of a car shows in its seller's Performance, in its line and on its page", async ({
  page,
  browser,
  baseURL,
  signIn,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_SELLER, DEMO_PASSWORD);
  await page.goto('/dash/seller/performance');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
  const chart = page.getByRole('img', { name: 'Page views and leads per day' });
  await expect(chart).toBeVisible();
  await page.getByText("The chart's data as a table").first().click();
  await expect(page.getByRole('table').first().getByRole('row')).toHaveCount(31);

  // The dealer's newest car for sale: the first line of the list.
  const firstLink = page.getByRole('region', { name: 'Your cars for sale' }).getByRole('link').first();
  const name = (await firstLink.textContent())?.trim() ?? '';
  const href = (await firstLink.getAttribute('href')) ?? '';
  const carId = href.split('/').at(-1) ?? '';
  expect(carId).toMatch(/^[0-9a-f-]{36}$/);
  const before = await viewsIn(lineOf(page, name));

  // A buyer opens the car's page: the page tells the server once it shows the car.
  const visitor = await browser.newContext({ baseURL });
  await signUp(visitor.request, 'Buyer', 'Vera Visitor');
  const visit = await visitor.newPage();
  const recorded = visit.waitForResponse(
    (response) => response.url().endsWith('/api/listing-activity') && response.request().method() === 'POST',
  );
  await visit.goto(`/cars/id/${carId}`);
  await expect(visit.getByRole('heading', { level: 1 })).toBeVisible();
  expect((await recorded).ok()).toBe(true);
  await visitor.close();

  await expect
    .poll(
      async () => {
        await page.reload();
        return viewsIn(lineOf(page, name));
      },
      { message: "the visitor's view counted in the car's line", timeout: 60_000, intervals: [2_000] },
    )
    .toBeGreaterThan(before);

  await lineOf(page, name).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(`/dash/seller/performance/${carId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const tiles = page.getByLabel(/^Totals of the last 30 days/);
  expect(await viewsIn(tiles)).toBeGreaterThan(before);
  await expect(page.getByRole('img', { name: 'Page views and leads per day' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'From search results to leads' })).toBeVisible();
  // Today's row of the table behind the chart counts the view.
  await page.getByText("The chart's data as a table").first().click();
  const today = page.getByRole('table').first().getByRole('row').last();
  await expect(today.getByRole('cell').nth(1)).not.toHaveText('0');

  // Another seller who opens that address is told, with its status, that the figures are not theirs.
  const stranger = await browser.newContext({ baseURL });
  await signUp(stranger.request, 'Seller', 'Otto Other');
  const refused = await stranger.newPage();
  const answer = await refused.goto(`/dash/seller/performance/${carId}`);
  expect(answer?.status()).toBe(403);
  await expect(refused.getByRole('heading', { name: 'This car is not one of yours' })).toBeVisible();
  await expect(refused.getByText(name)).toHaveCount(0);
  await stranger.close();
});
