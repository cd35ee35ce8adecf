/**
 * Units (issue 47): a car's mileage and top speed in the market's units (miles and mph by default),
 * or in km and km/h for a visitor whose redline-units cookie says so, the same in the server's HTML
 * and once hydrated (the fixtures fail the test on any hydration error); the footer's switch changes
 * them at once and for the next pages.
 */
import { expect, hydrated, test } from '../fixtures.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

// postCar's car: 8,400 km (5,220 mi) and 290 km/h (180 mph).
test('a car reads in miles by default, in km for a visitor who chose them, on the server and once hydrated', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const sellerApi = await playwright.request.newContext({ baseURL });
  await signUp(sellerApi, 'Seller', `Una Units ${tag()}`);
  const car = await postCar(sellerApi, `Evora ${tag()}`);
  await sellerApi.dispose();
  const carPath = `/cars/id/${car.id}`;
  const main = page.getByRole('main');

  // Without a choice: the market's, in the HTML the server sends and in the hydrated page.
  const html = await (await page.request.get(carPath)).text();
  expect(html).toContain('5,220 mi');
  expect(html).toContain('180 mph');
  await page.goto(carPath);
  await hydrated(page);
  await expect(main).toContainText('5,220 mi');
  await expect(main).toContainText('180 mph');

  // The footer's switch: km at once, and on the next page the server renders.
  const units = page.getByRole('contentinfo').getByRole('group', { name: 'Units' });
  await units.getByRole('radio', { name: 'Kilometres' }).check();
  await expect(main).toContainText('8,400 km');
  await expect(main).toContainText('290 km/h');
  const cookie = (await context.cookies()).find((c) => c.name === 'redline-units');
  expect(cookie).toMatchObject({ value: 'metric', path: '/', sameSite: 'Lax' });
  expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

  const metricHtml = await (await page.request.get(carPath)).text();
  expect(metricHtml).toContain('8,400 km');
  expect(metricHtml).toContain('290 km/h');
  await page.reload();
  await hydrated(page);
  await expect(main).toContainText('8,400 km');
  await expect(units.getByRole('radio', { name: 'Kilometres' })).toBeChecked();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '');
  expect(jsonLd.mileageFromOdometer).toMatchObject({ value: 8_400, unitCode: 'KMT' });

  // The search's cards too.
  await page.goto(`/cars?q=${encodeURIComponent(car.model)}`);
  await hydrated(page);
  await expect(page.getByTestId('car-card').filter({ hasText: car.model })).toContainText('8,400 km');

  // Back to miles.
  await units.getByRole('radio', { name: 'Miles' }).check();
  await expect(page.getByTestId('car-card').filter({ hasText: car.model })).toContainText('5,220 mi');
  await page.goto(carPath);
  await hydrated(page);
  await expect(main).toContainText('5,220 mi');
});
