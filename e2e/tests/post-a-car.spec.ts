/**
 * Posting a car as a seller does it (issue 46): the make and model picked from the catalogue in its
 * comboboxes ("vw" offers Volkswagen), the specifications chosen, and the car's page listing them;
 * a VIN decoded into the form, each field it fills marked for the seller to check.
 */
import { expect, hydrated, test } from '../fixtures.ts';
import { carPhotoPng, signUp, tag } from '../support/marketplace.ts';

test('a seller picks the make and model from the catalogue, and the car page lists the specifications', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page.request, 'Seller', 'Paula Pilot');
  const trim = `GTI ${tag()}`;
  await page.goto('/dash/seller/addproduct');
  await hydrated(page);

  const brand = page.getByRole('combobox', { name: 'Brand' });
  await brand.pressSequentially('vw');
  const makes = page.getByRole('listbox', { name: 'Brand suggestions' });
  await expect(makes.getByRole('option').first()).toHaveText('Volkswagen');
  await expect(makes.getByRole('option').last()).toHaveText('Use “vw” — not in the list');
  await brand.press('ArrowDown');
  await brand.press('Enter');
  await expect(brand).toHaveValue('Volkswagen');
  await expect(makes).toBeHidden();

  const model = page.getByRole('combobox', { name: 'Model' });
  await model.pressSequentially('golf');
  await page
    .getByRole('listbox', { name: 'Model suggestions' })
    .getByRole('option', { name: 'Golf', exact: true })
    .click();
  await expect(model).toHaveValue('Golf');
  await expect(page.getByText(/not in our catalogue/)).toHaveCount(0);

  await page.getByLabel('Trim (optional)').fill(trim);
  await page.getByLabel('Year').selectOption('1984');
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByLabel('Body style').selectOption('Hatchback');
  await page.getByLabel('Transmission').selectOption('Manual');
  await page.getByLabel('Drivetrain').selectOption('FWD');
  await page.getByLabel('Fuel').selectOption('Petrol');
  await page.getByLabel('Engine').fill('1.8 L inline-four');
  await page.getByLabel('Top speed').fill('191');
  await page.getByRole('group', { name: 'Exterior colour' }).getByText('Red', { exact: true }).click();
  await page.getByLabel('Exterior colour name (optional)').fill('Tornado Red');
  await page.getByLabel('Doors (optional)').selectOption('3');
  await page.getByLabel('Previous owners (optional)').fill('2');
  await page.getByLabel('Title status (optional)').selectOption('Clean');
  await page.getByLabel('Mileage').fill('143000');
  await page.getByLabel('Asking price').fill('21,500');
  await page.getByLabel('Original price').fill('21500');
  await page.getByLabel('About').fill('A Mk2 GTI with its service book, on its original engine.');
  // Where the car is: the ZIP code's city and state show as it is typed; the seller delivers.
  await page.getByLabel('ZIP code').fill('33139');
  await expect(page.getByText('Miami Beach, FL')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I can deliver this car' }).check();
  await page.getByLabel('Delivers within').selectOption('250');
  await page
    .getByLabel(/Add photos/)
    .setInputFiles([{ name: 'front.png', mimeType: 'image/png', buffer: carPhotoPng([200, 30, 30]) }]);
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('progressbar')).toHaveCount(0, {
    timeout: 20_000,
  });
  const declarations = page.getByRole('region', { name: 'Declarations' });
  for (const box of await declarations.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Post the car' }).click();

  await expect(page.getByText('Post created successfully')).toBeVisible();
  const name = `1984 Volkswagen Golf ${trim}`;
  await page.getByRole('link', { name: `Details of ${name}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Volkswagen Golf ${trim}` })).toBeVisible();
  await expect(page.getByText('Miami Beach, FL 33139')).toBeVisible();
  await expect(page.getByText('Delivers within 250 mi')).toBeVisible();
  const specifications = page.getByRole('region', { name: 'Specifications' });
  for (const [label, value] of [
    ['Make', 'Volkswagen'],
    ['Trim', trim],
    ['Body style', 'Hatchback'],
    ['Transmission', 'Manual'],
    ['Drivetrain', 'Front-wheel drive (FWD)'],
    ['Exterior colour', 'Tornado Red (Red)'],
    ['Doors', '3'],
    ['Previous owners', '2'],
    ['Title', 'Clean'],
  ]) {
    await expect(
      specifications.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(value!);
  }
  // What the seller did not say has no row.
  await expect(specifications.getByRole('term').filter({ hasText: 'Seats' })).toHaveCount(0);
  await expect(specifications.getByRole('term').filter({ hasText: 'VIN' })).toHaveCount(0);
});

test('a VIN decoded prefills the form, each field marked for the seller to check; a wrong check digit is refused at the field', async ({
  page,
}) => {
  await signUp(page.request, 'Seller', 'Victor Vin');
  await page.goto('/dash/seller/addproduct');
  await hydrated(page);

  const vin = page.getByRole('textbox', { name: 'VIN (optional)' });
  await vin.fill('1HGCM82633A004353');
  await page.getByRole('button', { name: 'Decode' }).click();
  await expect(page.getByText("The VIN's check digit does not match: check each character")).toBeVisible();
  await expect(vin).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Year')).toHaveValue('');

  // vPIC's own example: a 2003 Honda Accord EX-V6 coupe.
  await vin.fill('1HGCM82633A004352');
  await page.getByRole('button', { name: 'Decode' }).click();
  await expect(page.getByLabel('Year')).toHaveValue('2003');
  await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('Honda');
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('Accord');
  await expect(page.getByLabel('Trim (optional)')).toHaveValue('EX-V6');
  await expect(page.getByLabel('Body style')).toHaveValue('Coupe');
  await expect(page.getByLabel('Engine')).toHaveValue('V6');
  await expect(page.getByLabel('Fuel')).toHaveValue('Petrol');
  await expect(page.getByLabel('Doors (optional)')).toHaveValue('2');
  const marks = page.getByText('From the VIN — check it');
  await expect(marks).toHaveCount(8);

  // The seller corrects the engine: its mark goes.
  await page.getByLabel('Engine').fill('3.0 L V6, 240 hp');
  await expect(marks).toHaveCount(7);
});
