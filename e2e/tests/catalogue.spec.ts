/**
 * Catalogue and selling, as new users see them: a seller posts a car with two photos, finds it in
 * My Posts and advertises it; it shows in What's New with the 100-character preview; a buyer opens a
 * car from its category; the card grids are 1/2/3 per row; category banners come at the width shown;
 * the why-us section is for large screens; an iPhone's HEIC photo is decoded by the compiled server.
 * Every test makes its own users and cars, so the tests run in parallel with the rest of the suite.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { baseURL, expect, type SignUpInput, signUpViaApi, test, uniqueEmail } from '../fixtures.ts';
import { REPO_ROOT } from '../server.ts';

const PASSWORD = 'catalogue-e2e-pass';
const ABOUT_PREVIEW_LENGTH = 100;

// ---------------------------------------------------------------------------------------------
// Photos: a small PNG with a gradient, encoded here (no image library needed).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG, `width`×`height`, a diagonal gradient tinted by `tint` (0–255). */
function gradientPng(width: number, height: number, tint: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const i = y * stride + 1 + x * 3;
      raw[i] = Math.round((x / width) * 200) + 40;
      raw[i + 1] = tint;
      raw[i + 2] = Math.round((y / height) * 200) + 40;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Data made through the real API.

function newUser(role: SignUpInput['role'], name: string): SignUpInput {
  return { name, email: uniqueEmail(`catalogue-${role.toLowerCase()}`), password: PASSWORD, role };
}

async function firstCategory(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const res = await request.get('/api/categories');
  expect(res.ok()).toBe(true);
  const categories = (await res.json()) as { id: string; name: string }[];
  expect(categories.length).toBeGreaterThan(0);
  return categories[0]!;
}

type PostedCar = { id: string; brand: string; model: string; year: number };

/** Posts a car as the signed-in seller of `request`: one uploaded photo and every required field. */
async function postCarViaApi(
  request: APIRequestContext,
  categoryId: string,
  brand: string,
  model: string,
): Promise<PostedCar> {
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: 'car.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 90) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = (await upload.json()) as { key: string };
  const year = 2020;
  const res = await request.post('/api/cars', {
    data: {
      year,
      brand,
      model,
      categoryId,
      engine: '3.0 L twin-turbo V6',
      fuel: 'Petrol',
      bodyStyle: 'Coupe',
      transmission: 'Automatic',
      drivetrain: 'AWD',
      exteriorColour: 'Silver',
      about: 'Posted by the catalogue end-to-end test: one careful owner, full service history.',
      askingPrice: 9_500_000,
      originalPrice: 11_000_000,
      topSpeed: 300,
      kmDriven: 8_000,
      postalCode: '90210',
      photos: [photo.key],
      declarations: { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const car = (await res.json()) as { id: string };
  return { id: car.id, brand, model, year };
}

async function advertiseViaApi(request: APIRequestContext, carId: string): Promise<void> {
  const res = await request.post('/api/advertise', { data: { carId } });
  expect(res.status(), await res.text()).toBe(201);
}

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** The card (article) inside `scope` whose heading link is `name`. */
function cardOf(page: Page, scope: Locator, name: string): Locator {
  return scope.getByTestId('car-card').filter({ has: page.getByRole('link', { name, exact: true }) });
}

// ---------------------------------------------------------------------------------------------

test('a seller posts a car with two photos, advertises it from My Posts, and it shows in What’s New', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const seller = newUser('Seller', 'Elena Marchetti');
  await signUpViaApi(page.request, seller);
  const brand = `Lancia${tag()}`;
  const model = 'Stratos HF';
  const about =
    'Restored by a marque specialist in 2019 with every receipt on file. Matching numbers, new clutch, ' +
    'fresh Pirellis and a Bosch injection overhaul. Stored in a heated garage and never driven in rain.';
  expect(about.length).toBeGreaterThan(ABOUT_PREVIEW_LENGTH);

  await page.goto('/dash/seller/addproduct');
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Car' })).toBeVisible();

  // An empty submit shows the rules, the photo one included.
  await page.getByRole('button', { name: 'Post the car' }).click();
  await expect(page.getByText('Photo is required')).toBeVisible();
  await expect(page.getByText('Brand is required')).toBeVisible();
  await expect(page.getByText('Body style is required')).toBeVisible();
  await expect(page.getByText('You must confirm this declaration')).toHaveCount(4);

  await page.getByLabel('Year').selectOption('2019');
  await page.getByLabel('Category').selectOption({ index: 1 });
  // A make and model the catalogue lacks: the seller's own words, through each combobox's last option.
  await page.getByRole('combobox', { name: 'Brand' }).fill(brand);
  await page.getByRole('option', { name: `Use “${brand}” — not in the list` }).click();
  await page.getByRole('combobox', { name: 'Model' }).fill(model);
  await page.getByRole('option', { name: `Use “${model}” — not in the list` }).click();
  await expect(
    page.getByText(`“${model}” is not in our catalogue yet: the admins will review it.`),
  ).toBeVisible();
  await page.getByLabel('Engine').fill('2.4 L Ferrari Dino V6');
  await page.getByLabel('Fuel').selectOption('Petrol');
  await page.getByLabel('Body style').selectOption('Coupe');
  await page.getByLabel('Transmission').selectOption('Manual');
  await page.getByLabel('Drivetrain').selectOption('RWD');
  await page.getByRole('group', { name: 'Exterior colour' }).getByText('Red', { exact: true }).click();
  await page.getByLabel('Top speed').fill('230');
  await page.getByLabel('Mileage').fill('48200');
  await page.getByLabel('Asking price').fill('545,000');
  await page.getByLabel('Original price').fill('610000');
  await page.getByLabel('About').fill(about);
  await page.getByLabel('ZIP code').fill('60611');
  await expect(page.getByText('Chicago, IL')).toBeVisible();

  await page.getByLabel(/Add photos/).setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 40) },
    { name: 'rear.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 160) },
  ]);
  const chosen = page.getByRole('list', { name: 'Chosen photos' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByText('2 of 10 photos')).toBeVisible();
  await expect(chosen.getByRole('img', { name: 'Cover photo: front.png' })).toBeVisible();
  // The rear photo becomes the cover.
  await chosen.getByRole('button', { name: 'Make photo 2 the cover' }).click();
  await expect(chosen.getByRole('img', { name: 'Cover photo: rear.png' })).toBeVisible();
  await expect(chosen.getByText('Cover', { exact: true })).toHaveCount(1);

  const declarations = page.getByRole('region', { name: 'Declarations' });
  for (const box of await declarations.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Post the car' }).click();

  await expect(page.getByText('Post created successfully')).toBeVisible();
  await expect(page).toHaveURL('/dash/seller/addedproducts');
  const name = `2019 ${brand} ${model}`;
  const row = page.getByRole('row').filter({ hasText: model });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`2019 ${brand}`);
  await expect(row).toContainText('$545,000');
  await expect(row).toContainText('48,200 mi');
  await expect(row.getByRole('img', { name })).toBeVisible();
  await expect(row.getByRole('link', { name: `Details of ${name}` })).toBeVisible();

  await row.getByRole('button', { name: `Advertise ${name}` }).click();
  await expect(page.getByText('Post added to advertisement')).toBeVisible();
  await expect(row.getByText('Advertised')).toBeVisible();
  await expect(row.getByRole('button', { name: `Advertise ${name}` })).toHaveCount(0);

  // The home page's What's New shows the card with the 100-character preview.
  await page.goto('/');
  const whatsNew = page.getByRole('region', { name: "What's New" });
  const card = cardOf(page, whatsNew, `${brand} ${model}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(`${about.slice(0, ABOUT_PREVIEW_LENGTH)}…`);
  await expect(card).not.toContainText(about.slice(0, ABOUT_PREVIEW_LENGTH + 1));
  await expect(card).toContainText('$545,000');
  await expect(card.locator('s')).toHaveText('$610,000');
  await expect(card).toContainText('48,200 mi');
  await expect(card).toContainText('Posted by');
  await expect(card).toContainText(seller.name);
  const cover = card.getByRole('img', { name });
  await expect(cover).toHaveAttribute('srcset', /\d+w/);

  // Its card leads to the car page, with both photos in the gallery.
  await card.getByRole('link', { name: `${brand} ${model}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${brand} ${model}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /Show photo \d of 2/ })).toHaveCount(2);
});

test('a buyer opens a car from its category page and reads every detail', async ({ page, request }) => {
  await signUpViaApi(request, newUser('Seller', 'Marco Bellini'));
  const category = await firstCategory(request);
  const car = await postCarViaApi(request, category.id, `Alfa${tag()}`, 'Giulia Quadrifoglio');

  await signUpViaApi(page.request, newUser('Buyer', 'Nina Buyer'));
  await page.goto('/categories');
  await page
    .getByRole('link', { name: new RegExp(category.name) })
    .first()
    .click();
  await expect(page).toHaveURL(`/category/${category.id}`);
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();

  await page.getByRole('link', { name: `${car.brand} ${car.model}`, exact: true }).click();
  await expect(page).toHaveURL(`/cars/id/${car.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: `${car.brand} ${car.model}` })).toBeVisible();
  for (const text of [
    '$95,000',
    '$110,000',
    '3.0 L twin-turbo V6',
    'Petrol',
    '186 mph',
    '4,971 mi',
    'Marco Bellini',
  ]) {
    await expect(main).toContainText(text);
  }
  await expect(main).toContainText('Posted by');
  await expect(main).toContainText('one careful owner');
  await expect(
    page.getByRole('region', { name: `Photos of the ${car.year} ${car.brand} ${car.model}` }),
  ).toBeVisible();

  // Back returns to the category.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`/category/${category.id}`);
});

test('an iPhone HEIC photo is decoded in a worker thread of the compiled server and stored as WebP', async ({
  request,
}) => {
  await signUpViaApi(request, newUser('Seller', 'Hana Heic'));
  const heic = await readFile(path.join(REPO_ROOT, 'apps/server/test/fixtures/iphone-like.heic'));
  const upload = await request.post('/api/uploads', {
    multipart: { file: { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: heic } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = (await upload.json()) as { src: string; width: number; height: number };
  expect([photo.width, photo.height]).toEqual([480, 360]);
  const stored = await request.get(photo.src);
  expect(stored.headers()['content-type']).toBe('image/webp');
});

test('a car that does not exist shows the 404 page', async ({ page }) => {
  await signUpViaApi(page.request, newUser('Buyer', 'Olga Buyer'));
  await page.goto('/cars/id/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText("Looks like this page doesn't exist!")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back To Home' })).toHaveAttribute('href', '/');
});

test('car cards are 1, 2 and 3 per row at 375, 800 and 1280 px', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUpViaApi(request, newUser('Seller', 'Priya Grid'));
  const category = await firstCategory(request);
  const prefix = `Grid${tag()}`;
  for (const n of [1, 2, 3]) {
    const car = await postCarViaApi(request, category.id, prefix, `Model ${n}`);
    await advertiseViaApi(request, car.id);
  }
  await signUpViaApi(page.request, newUser('Buyer', 'Quentin Grid'));

  const expectColumns = async (cards: Locator, columns: 1 | 2 | 3) => {
    await expect(cards.nth(2)).toBeVisible();
    // boundingBox() is relative to the viewport and never scrolls, so the three boxes compare.
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(a && b && c).toBeTruthy();
    if (columns === 1) {
      expect(b!.x).toBe(a!.x);
      expect(b!.y).toBeGreaterThan(a!.y);
      expect(c!.y).toBeGreaterThan(b!.y);
    } else if (columns === 2) {
      expect(b!.y).toBe(a!.y);
      expect(b!.x).toBeGreaterThan(a!.x);
      expect(c!.x).toBe(a!.x);
      expect(c!.y).toBeGreaterThan(a!.y);
    } else {
      expect(b!.y).toBe(a!.y);
      expect(c!.y).toBe(a!.y);
      expect(b!.x).toBeGreaterThan(a!.x);
      expect(c!.x).toBeGreaterThan(b!.x);
    }
  };

  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/category/${category.id}`);
    await expectColumns(page.getByTestId('car-card'), columns);

    await page.goto('/');
    await expectColumns(page.getByRole('region', { name: "What's New" }).getByTestId('car-card'), columns);
  }
});

test('category banners come at the width their card shows', async ({ browser }) => {
  // 1 column on a 375 px phone at 1×: about 343 px, so the 480 px file; 3 columns of 400 px at 2×: 960 px.
  for (const [width, deviceScaleFactor, file] of [
    [375, 1, '-480.webp'],
    [1280, 2, '-960.webp'],
  ] as const) {
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width, height: 900 },
      deviceScaleFactor,
    });
    const page = await context.newPage();
    await page.goto('/categories');
    const banner = page.getByRole('img', { name: / cars$/ }).first();
    await expect(banner).toHaveJSProperty('complete', true);
    const { currentSrc, naturalWidth } = await banner.evaluate((img: HTMLImageElement) => ({
      currentSrc: img.currentSrc,
      naturalWidth: img.naturalWidth,
    }));
    expect(currentSrc).toMatch(new RegExp(`${file}$`));
    expect(naturalWidth, 'the file loaded').toBeGreaterThan(0);
    await context.close();
  }
});

test('the why-us section shows on large screens only', async ({ page }) => {
  const whyUs = page.getByRole('heading', { name: 'Bought and sold with confidence' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: "What's New" })).toBeVisible();
  await expect(whyUs).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(whyUs).toBeVisible();
});

test('the home, category, car and seller pages pass axe', async ({ page, expectNoA11yViolations }) => {
  test.setTimeout(90_000);
  const seller = newUser('Seller', 'Rosa Axe');
  await signUpViaApi(page.request, seller);
  const category = await firstCategory(page.request);
  const car = await postCarViaApi(page.request, category.id, `Axe${tag()}`, 'Coupe');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: "What's New" })).toBeVisible();
  await expect(
    page.getByRole('region', { name: "What's New" }).getByTestId('car-card').first(),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`/category/${category.id}`);
  await expect(page.getByTestId('car-card').first()).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto(`/cars/id/${car.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${car.brand} ${car.model}` })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/dash/seller/addproduct');
  await page.getByRole('button', { name: 'Post the car' }).click();
  await expect(page.getByText('Photo is required')).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto('/dash/seller/addedproducts');
  await expect(page.getByRole('row').filter({ hasText: car.model })).toBeVisible();
  await expectNoA11yViolations(page);
});
