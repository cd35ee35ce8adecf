/**
 * Stored XSS: a seller puts script payloads in every text field of a car (and in their own name);
 * a buyer opens the car page and the category page. Nothing runs: no dialog opens, no element
 * from the payload exists, the payload reads as plain text, and the Content-Security-Policy
 * header that would block inline scripts anyway is on the page.
 */
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { baseURL, expect, test } from '../fixtures.ts';
import { carPhotoPng, signUp, tag } from '../support/marketplace.ts';

const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(1)</script>';
const SVG = '"><svg onload=alert(1)>';
const write = () => ({ origin: baseURL() });

async function postHostileCar(request: APIRequestContext, marker: string) {
  const categories = (await (await request.get('/api/categories')).json()) as { id: string }[];
  const categoryId = categories[0]!.id;
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: 'car.png', mimeType: 'image/png', buffer: carPhotoPng([20, 90, 160]) } },
    headers: write(),
  });
  expect(upload.status()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  const res = await request.post('/api/cars', {
    data: {
      year: new Date().getFullYear() - 1,
      brand: IMG,
      model: `${SCRIPT} ${marker}`,
      categoryId,
      engine: SVG,
      fuel: 'Petrol',
      bodyStyle: 'Coupe',
      transmission: 'Automatic',
      drivetrain: 'AWD',
      exteriorColour: 'Silver',
      about: `${IMG} ${SCRIPT} javascript:alert(1) ${marker}`,
      askingPrice: 5_000_000,
      originalPrice: 6_000_000,
      topSpeed: 250,
      kmDriven: 1_000,
      postalCode: '90210',
      photos: [key],
      declarations: { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true },
    },
    headers: write(),
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, categoryId };
}

function expectCsp(response: Response | null) {
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'[^;]*;/);
  expect(csp.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
}

/** Nothing from the payloads became an element. */
async function expectNoInjectedElements(page: Page) {
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('svg[onload]').count()).toBe(0);
  const injected = await page.evaluate(() => ({
    handlers: document.querySelectorAll('[onerror],[onload]').length,
    // A script that runs (the car's JSON-LD is data: ADR 47, its text escaped as JSON).
    scripts: Array.from(document.scripts).filter(
      (s) => s.type !== 'application/ld+json' && s.textContent?.includes('alert(1)'),
    ).length,
  }));
  expect(injected).toEqual({ handlers: 0, scripts: 0 });
}

test('script payloads in a car and a seller name stay text on the car and category pages', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });

  const marker = `XSS${tag()}`;
  const sellerContext = page.context().request;
  await signUp(sellerContext, 'Seller', IMG);
  const car = await postHostileCar(sellerContext, marker);

  // The buyer replaces the seller's session in this browser context.
  await signUp(page.request, 'Buyer', `Buyer ${marker}`);

  const carPage = await page.goto(`/cars/id/${car.id}`);
  expectCsp(carPage);
  const main = page.getByRole('main');
  await expect(main).toContainText(marker);
  await expect(main).toContainText(SCRIPT);
  await expect(main).toContainText(IMG);
  await expect(main).toContainText(SVG);
  await page.waitForLoadState('networkidle');
  await expectNoInjectedElements(page);

  const categoryPage = await page.goto(`/category/${car.categoryId}`);
  expectCsp(categoryPage);
  await expect(page.getByRole('main')).toContainText(marker);
  await expect(page.getByRole('main')).toContainText(SCRIPT);
  await page.waitForLoadState('networkidle');
  await expectNoInjectedElements(page);

  expect(dialogs).toEqual([]);
});
