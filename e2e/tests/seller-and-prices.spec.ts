/**
 * Issue 19's car page and seller pages as people use them: a seller lowers a price in My Posts; a
 * buyer sees "Price dropped" with the price before it and the price history on the car's page,
 * follows "Posted by" to the seller's page, which lists that seller's cars (the card says
 * "Price dropped" too), and shares the car (the link is copied where the browser has no share
 * sheet). A demo car's market value shows its working (issue 48): the estimate, the chart of its
 * comparables with its table, and the comparables' own pages. Every page is server-rendered and
 * hydrated without a mismatch (fixtures.ts). Each test signs up its own seller and buyer, or reads
 * the demo data, so it runs in parallel with the rest of the suite.
 */
import { expect, test } from '../fixtures.ts';
import { ratedDemoCar } from '../support/demo-data.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

test('a lowered price shows on the car page and the seller page, and Share copies the link', async ({
  browser,
  page,
  baseURL,
  expectNoA11yViolations,
}) => {
  // The seller, in a browser of their own: posts a car at $89,500, then lowers it in My Posts.
  const sellerContext = await browser.newContext({ baseURL });
  const sellerName = `Sally Seller ${tag()}`;
  await signUp(sellerContext.request, 'Seller', sellerName);
  const car = await postCar(sellerContext.request, `Evora GT ${tag()}`);
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dash/seller/addedproducts');
  await sellerPage.getByRole('button', { name: `Edit ${car.name}` }).click();
  const form = sellerPage.getByRole('dialog');
  await form.getByLabel('Asking price').fill('82500');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(sellerPage.getByRole('row').filter({ hasText: car.model })).toContainText('$82,500');
  await sellerContext.close();

  // The buyer opens the car: the drop by the price, and the history below the photos.
  await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
  // Chromium on Linux has no share sheet; made sure of here, so the button copies the link.
  await page.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/cars/id/${car.id}`);
  const summary = page.getByRole('complementary', { name: 'Price, seller and actions' });
  await expect(summary.getByText('Price dropped')).toBeVisible();
  await expect(summary.locator('s', { hasText: '$89,500' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Price history' });
  await expect(history.getByText('Down $7,000 (8%) since listed')).toBeVisible();
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('$82,500');
  await expect(rows.nth(1)).toContainText('−$7,000');
  await expect(rows.nth(2)).toContainText('$89,500');
  await expect(rows.nth(2)).toContainText('Listed');
  // Once hydrated (no longer inert), the page is used as a visitor would.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expectNoA11yViolations(page);

  // Share: the link is copied, and a toast says so.
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/cars/id/${car.id}`);

  // "Posted by" leads to the seller's page, which lists their car with the badge.
  await summary.getByRole('link', { name: sellerName }).click();
  await expect(page).toHaveURL(/\/sellers\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: sellerName })).toBeVisible();
  await expect(page.getByText(/^Member since /)).toBeVisible();
  const cards = page.getByTestId('car-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(car.model);
  await expect(cards.first()).toContainText('Price dropped');
  await expect(cards.first()).toContainText('$82,500');
  await expectNoA11yViolations(page);

  // The seller's page as it arrives from the server (a fresh load): hydrated without a mismatch.
  const sellerUrl = page.url();
  const response = await page.reload();
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByTestId('car-card').first()).toContainText('Price dropped');
  expect(page.url()).toBe(sellerUrl);
});

test('an address that is no seller is a 404, from the server and on screen', async ({ page }) => {
  await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
  const response = await page.goto('/sellers/no-such-seller');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "Looks like this page doesn't exist!" })).toBeVisible();
});

test.describe('the market value on a car page', () => {
  for (const width of [390, 1280]) {
    test(`shows its working at ${width} px: the estimate, the chart of its comparables, and their pages, in either theme`, async ({
      page,
      expectNoA11yViolations,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const car = await ratedDemoCar(page.request);
      await page.goto(`/cars/id/${car.id}`);
      const section = page.getByRole('region', { name: 'Market value' });
      await expect(section.getByText(/^Estimated from \d+ other BMW M3 cars/)).toBeVisible();
      const chart = section.getByRole('img', { name: 'Price against mileage of the comparable cars' });
      await expect(chart).toBeVisible();
      await expect(chart).toHaveAccessibleDescription(/This car: [\d,]+ mi at \$74,500\./);
      // The chart's data as a table, opened: this car and its comparables, row by row.
      await section.getByText("The chart's data as a table").click();
      const rows = section.getByRole('table').getByRole('row');
      await expect(rows.nth(1)).toContainText(`This car, ${car.name}`);
      expect(await rows.count()).toBeGreaterThan(5);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNoA11yViolations(page);
      }
      // The chart and the section stay within the window on a phone.
      const box = await chart.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);

      // A comparable for sale leads to its own page, which shows its own market value.
      const comparable = section.getByRole('link', { name: /BMW M3/ }).first();
      const address = await comparable.getAttribute('href');
      await comparable.click();
      await expect(page).toHaveURL(address ?? '');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('BMW M3');
      await expect(page.getByRole('region', { name: 'Market value' })).toBeVisible();
    });
  }
});
