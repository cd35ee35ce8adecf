/**
 * Issue 20's saved searches as a buyer uses them: they narrow the search by a brand and a price, save
 * it to be told as soon as a car is posted; a seller then posts a car that matches and one that does
 * not; the bell tells of the one, by the search's name, and leads to it; the buyer then changes the
 * search to a daily digest and deletes it. Each test signs up its own people and its own brand, so
 * that cars other specs post match nothing here.
 */
import { expect, test } from '../fixtures.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

/** Matching a posted car runs in the background (a job after the post commits): wait for it generously. */
const MATCHED_WITHIN_MS = 60_000;

test('a saved search tells its buyer of a new car that matches it, and only of that one', async ({
  browser,
  page,
  baseURL,
  expectNoA11yViolations,
}) => {
  test.setTimeout(180_000);
  const sellerContext = await browser.newContext({ baseURL });
  await signUp(sellerContext.request, 'Seller', `Sally Seller ${tag()}`);
  const brand = `Wiesmann ${tag()}`;
  // A car of the brand already for sale, for the brand to be among the search's filters.
  await postCar(sellerContext.request, `MF3 ${tag()}`, { brand });
  await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);

  // The buyer narrows the search by the brand and a price, then saves it.
  await page.goto('/cars');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('button', { name: /^Show all \d+ brands$/ }).click();
  await filters.getByRole('checkbox', { name: `${brand} 1 car` }).click();
  const max = filters.getByRole('textbox', { name: 'Price (USD): Max' });
  await max.fill('100,000');
  await max.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove filter: Up to $100,000' })).toBeVisible();

  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  const name = `${brand} · Up to $100,000`;
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await dialog.getByRole('radio', { name: 'As soon as a car is posted' }).check();
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'See your saved searches' })).toBeVisible();

  // The seller posts a car above the price, then one that matches.
  await postCar(sellerContext.request, `MF4 ${tag()}`, { brand, askingPrice: 12_500_000 });
  const matching = await postCar(sellerContext.request, `MF5 ${tag()}`, { brand, askingPrice: 9_400_000 });

  // The bell counts the one that matches, without a reload; its notification names the search and
  // leads to the car.
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible({
    timeout: MATCHED_WITHIN_MS,
  });
  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page).toHaveURL(/\/dash\/notifications$/);
  const told = page.getByRole('link', { name: /^New car for “/ });
  await expect(told).toHaveCount(1);
  await expect(told).toContainText(`New car for “${name}”`);
  await expect(told).toContainText(`${matching.name} at $94,000 matches your saved search`);
  await told.click();
  await expect(page).toHaveURL(new RegExp(`/cars/id/${matching.id}$`));

  // On the saved searches page, the search changes to a daily digest, then goes.
  await page.goto('/dash/buyer/searches');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByRole('list', { name: 'Filters' })).toContainText(brand);
  await expectNoA11yViolations(page);
  await card
    .getByRole('combobox', { name: `Tell me of new cars for “${name}”` })
    .selectOption('Daily digest');
  await expect(page.getByText(`“${name}” tells you once a day, in a digest.`)).toBeVisible();
  await page.reload();
  await expect(card.getByRole('combobox', { name: `Tell me of new cars for “${name}”` })).toHaveValue(
    'daily',
  );

  await card.getByRole('button', { name: `Delete “${name}”` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this saved search?' });
  await confirm.getByRole('button', { name: 'Delete search' }).click();
  await expect(page.getByText('No saved searches yet')).toBeVisible();
  await sellerContext.close();
});
