/**
 * Inventory import (issue 49, ADR 66): a new seller becomes a dealer, downloads the template, uploads
 * a CSV of three cars with one bad row, reads the preview with the bad row's error in the form's
 * words, commits with the declarations, watches the progress reach done, and finds the two cars live
 * on the dealer's page; the same file uploaded again previews as all unchanged. Its own seller, so
 * it runs beside the rest. Then the same with a zip of photos named by file name (ADR 67): a row naming
 * a photo not in the zip fails, the photo no row names is listed, and the committed car shows its
 * photo. SHOTS_DIR set: screenshots of the import page with a preview, 390 and 1280 px, light and dark.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { zipOf } from '../../apps/server/test/photo-zips.ts';
import { expect, hydrated, test } from '../fixtures.ts';
import { becomeDealerViaApi, carPhotoPng, signUp, tag, uploadPhotoViaApi } from '../support/marketplace.ts';
import { shoot } from '../support/shots.ts';

/** The value shown under a figure of the import ("To create", "Unchanged"). */
const figure = (page: Page, label: string): Locator =>
  page
    .getByRole('region', { name: 'The import' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** A row of the file under `columns`: a Lotus as a dealer lists one, with `values`. */
function fileRow(columns: string[], values: Record<string, string>) {
  const car: Record<string, string> = {
    brand: 'Lotus',
    bodyStyle: 'Coupe',
    transmission: 'Manual',
    drivetrain: 'RWD',
    fuel: 'Petrol',
    engine: '3.5 V6 supercharged',
    topSpeed: '290',
    kmDriven: '8400',
    exteriorColour: 'White',
    originalPrice: '105000',
    postalCode: '90210',
    about: 'One careful owner and a full service history. Imported by an end-to-end test.',
    ...values,
  };
  return columns.map((column) => car[column] ?? '').join(',');
}

/** Commits the previewed import with the four declarations ticked; answers once every row is applied. */
async function commit(page: Page) {
  for (const declaration of [
    'This car has no accident history.',
    'This car is not involved in any litigation.',
    'The odometer has not been tampered with.',
    'I accept legal action against me if any information I give here is false.',
  ])
    await page.getByLabel(declaration).check();
  await page.getByRole('button', { name: 'Commit' }).click();
  await expect(page.getByText('Done: every row is applied.')).toBeVisible({ timeout: 30_000 });
}

test('a dealer previews a CSV with a bad row, commits it, and the same file again changes nothing', async ({
  page,
  expectNoA11yViolations,
}) => {
  const business = `Import Motors ${tag()}`;
  const model = (name: string) => `${name} ${tag()}`;
  await signUp(page.request, 'Seller', `Ida Importer ${tag()}`);
  await becomeDealerViaApi(page.request, business);
  const me = (await (await page.request.get('/api/me')).json()) as { id: string };
  const [category] = (await (await page.request.get('/api/categories')).json()) as { id: string }[];
  const photos = [
    await uploadPhotoViaApi(page.request),
    await uploadPhotoViaApi(page.request),
    await uploadPhotoViaApi(page.request),
  ];

  await page.goto('/dash');
  await page.getByRole('link', { name: 'Import inventory' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import inventory' })).toBeVisible();

  // The template: the columns' header and an example row.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('redline-inventory-template.csv');
  const template = await readFile(await download.path());
  const [header] = template
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(header).toMatch(/^stockNumber,vin,year,brand,model,/);
  const columns = header!.split(',');

  // Three cars; the second has no asking price.
  const year = String(new Date().getFullYear() - 2);
  const cars = [
    { stockNumber: 'S-1', model: model('Evora'), askingPrice: '89500', photos: photos[0]! },
    { stockNumber: 'S-2', model: model('Exige'), askingPrice: '', photos: photos[1]! },
    { stockNumber: 'S-3', model: model('Elise'), askingPrice: '54900.50', photos: photos[2]! },
  ];
  const row = (car: (typeof cars)[number]) => fileRow(columns, { ...car, year, categoryId: category!.id });
  const csv = Buffer.from([header, ...cars.map(row)].join('\r\n'), 'utf8');
  const upload = async () => {
    await page
      .getByLabel('Inventory file')
      .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: csv });
    await page.getByRole('button', { name: 'Upload and preview' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Preview' })).toBeVisible();
  };

  // The preview: two cars to create, the bad row's error in the form's words; nothing changed yet.
  await upload();
  await expect(page).toHaveURL(/\?import=/);
  await expect(figure(page, 'Rows read')).toHaveText('3');
  await expect(figure(page, 'To create')).toHaveText('2');
  await expect(figure(page, 'Failed')).toHaveText('1');
  const rows = page.getByRole('table', { name: 'The rows of the file' });
  await expect(rows.getByRole('row').filter({ hasText: 'S-2' })).toContainText(
    'askingPrice: Asking price is required',
  );
  await page.getByLabel('Only the 1 row with errors').check();
  await expect(rows.getByRole('row').filter({ hasText: 'S-1' })).toHaveCount(0);
  await expect(rows.getByRole('row').filter({ hasText: 'S-2' })).toHaveCount(1);
  await expectNoA11yViolations(page);
  await shoot(page, 'import-preview');

  // Committed with the declarations: the progress bar reaches done.
  await commit(page);
  await expect(page.getByRole('progressbar', { name: 'Rows applied' })).toHaveAttribute('value', '3');
  await expect(figure(page, 'Created')).toHaveText('2');
  await expect(page.getByRole('link', { name: 'See your cars' })).toBeVisible();

  // The two good cars are live on the dealer's page; the bad row made none.
  await page.goto(`/sellers/${me.id}`);
  const dealerCars = page.getByRole('region', { name: `Cars for sale at ${business}` });
  await expect(dealerCars.getByTestId('car-card').filter({ hasText: cars[0]!.model })).toHaveCount(1);
  await expect(dealerCars.getByTestId('car-card').filter({ hasText: cars[2]!.model })).toHaveCount(1);
  await expect(dealerCars.getByTestId('car-card').filter({ hasText: cars[1]!.model })).toHaveCount(0);

  // The same file again: nothing to create or update.
  await page.goto('/dash/seller/import');
  await hydrated(page);
  await upload();
  await expect(figure(page, 'Unchanged')).toHaveText('2');
  await expect(figure(page, 'To create')).toHaveText('0');
  await expect(figure(page, 'To update')).toHaveText('0');
  await expect(page.getByRole('table', { name: 'Your imports' }).getByRole('row')).toHaveCount(3);
});

test('a dealer uploads a file with a zip of its photos; the car shows the photo its row names', async ({
  page,
  expectNoA11yViolations,
}) => {
  await signUp(page.request, 'Seller', `Zia Zipper ${tag()}`);
  await becomeDealerViaApi(page.request, `Zip Motors ${tag()}`);
  const [category] = (await (await page.request.get('/api/categories')).json()) as { id: string }[];
  const header = (await (await page.request.get('/api/dealer/imports/template')).text())
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0]!;
  const row = (stockNumber: string, photos: string) =>
    fileRow(header.split(','), {
      stockNumber,
      year: String(new Date().getFullYear() - 3),
      model: `Emira ${tag()}`,
      categoryId: category!.id,
      askingPrice: '92000',
      photos,
    });
  const csv = Buffer.from([header, row('Z-1', 'front.png'), row('Z-2', 'rear.png')].join('\r\n'));
  const zip = zipOf([
    { name: 'lot/front.png', data: carPhotoPng([40, 90, 200]) },
    { name: 'spare.png', data: carPhotoPng([30, 160, 60]) },
    { name: '__MACOSX/lot/._front.png', data: Buffer.from('resource fork') },
  ]);

  await page.goto('/dash/seller/import');
  // A file chosen in the server's page before the browser has taken it over is not in the form's state.
  await hydrated(page);
  await page
    .getByLabel('Inventory file')
    .setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: csv });
  await page
    .getByLabel('Photos (zip, optional)')
    .setInputFiles({ name: 'photos.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Upload and preview' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Preview' })).toBeVisible();
  await expect(figure(page, 'To create')).toHaveText('1');
  await expect(figure(page, 'Failed')).toHaveText('1');
  const rows = page.getByRole('table', { name: 'The rows of the file' });
  await expect(rows.getByRole('row').filter({ hasText: 'Z-2' })).toContainText(
    'photos: rear.png is not in the zip',
  );
  await expect(page.getByRole('note')).toContainText('1 photo of the zip is named by no row');
  await expect(page.getByRole('note')).toContainText('spare.png');
  await expectNoA11yViolations(page);
  await shoot(page, 'import-zip-preview');

  await commit(page);

  // The car's page shows the photo of the zip that its row named.
  const id = new URL(page.url()).searchParams.get('import');
  const [created] = (
    (await (await page.request.get(`/api/dealer/imports/${id}/rows`)).json()) as {
      items: { carId: string | null }[];
    }
  ).items;
  const car = (await (await page.request.get(`/api/cars/id/${created!.carId}`)).json()) as {
    photos: { key: string }[];
  };
  expect(car.photos).toHaveLength(1);
  await page.goto(`/cars/id/${created!.carId}`);
  await expect(page.locator(`img[src*="${car.photos[0]!.key}"]`).first()).toBeVisible();
});
