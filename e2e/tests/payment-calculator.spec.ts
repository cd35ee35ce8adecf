/**
 * The payment calculator of a car's page (issue 48): the server renders it from the figures of the
 * address, the browser takes it over (the fixtures fail the test on any hydration error), and every
 * change goes into the address without moving the page, so that the address shares the calculation.
 */
import { expect, expectNoA11yViolations, hydrated, test } from '../fixtures.ts';
import { ratedDemoCar } from '../support/demo-data.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

// postCar's car: $89,500, in Beverly Hills, CA (7.25 %).
test('a buyer works out a payment, shares it by the address, and the page opens on it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const sellerApi = await playwright.request.newContext({ baseURL });
  await signUp(sellerApi, 'Seller', `Pia Payments ${tag()}`);
  const car = await postCar(sellerApi, `Emira ${tag()}`);
  await sellerApi.dispose();
  const carPath = `/cars/id/${car.id}`;

  // The server's HTML has the payment of the figures in the address: $89,500 and Nevada's 6.85 %,
  // $10,000 down, at 4.9 % over 48 months.
  const shared = `${carPath}?down=10000&apr=4.9&term=48&state=NV`;
  const html = await (await page.request.get(shared)).text();
  expect(html).toContain('$1,968.14');

  await page.goto(carPath);
  await hydrated(page);
  const calculator = page.getByRole('region', { name: 'Monthly payment' });
  // Without figures: the car's price and state, the market's 7 % over 60 months.
  await expect(calculator.getByRole('status')).toHaveText('$1,900.69');

  await page.goto(shared);
  await hydrated(page);
  await expect(calculator.getByRole('status')).toHaveText('$1,968.14');
  await expect(calculator.getByRole('combobox', { name: 'State' })).toHaveValue('NV');
  await calculator.getByText('Payment schedule, 48 months').click();
  await expect(
    calculator.getByRole('table', { name: '47 payments of $1,968.14, then $1,968.10' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  // A trade-in typed far down the page: the payment follows, the address keeps it, the page stays put.
  const tradeIn = calculator.getByRole('textbox', { name: 'Trade-in value (dollars)' });
  await tradeIn.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await tradeIn.fill('20,000');
  await expect(calculator.getByRole('status')).toHaveText('$1,476.97');
  await expect(page).toHaveURL(/[?&]tradeIn=20%2C000(&|$)/);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // A wrong figure is said at its field once left, and the payment waits for it.
  const apr = calculator.getByRole('textbox', { name: 'APR (%)' });
  await apr.fill('4.925');
  await apr.blur();
  await expect(apr).toHaveAccessibleDescription(
    'Enter the APR as a percentage with at most two decimals, like 6.5',
  );
  await expect(calculator.getByRole('status')).toHaveCount(0);

  // Reloaded, the page opens on the figures as they were left.
  await page.reload();
  await hydrated(page);
  await expect(apr).toHaveValue('4.925');
  await expect(apr).toHaveAccessibleDescription(
    'Enter the APR as a percentage with at most two decimals, like 6.5',
  );
  await expect(tradeIn).toHaveValue('20,000');
});

test('what a buyer types before the browser has taken the calculator over counts', async ({ page }) => {
  const car = await ratedDemoCar(page.request);
  await page.setViewportSize({ width: 390, height: 844 });
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') chunks.push(new URL(request.url()).pathname);
  });
  await page.goto(`/cars/id/${car.id}`);
  await hydrated(page);
  const calculator = page.getByRole('region', { name: 'Monthly payment' });
  const payment = await calculator.getByRole('status').textContent();
  // Far below the first screen: its code has not come yet.
  expect(chunks.filter((chunk) => chunk.includes('/loan-calculator-'))).toEqual([]);

  // Typed at once, as it scrolls into view, before its code has arrived.
  await calculator.getByRole('textbox', { name: 'Down payment (dollars)' }).fill('10,000');
  await expect(page).toHaveURL(/[?&]down=10%2C000(&|$)/);
  await expect(calculator.getByRole('status')).not.toHaveText(payment ?? '');
  await expect(calculator.getByRole('textbox', { name: 'Down payment (dollars)' })).toHaveValue('10,000');
});
