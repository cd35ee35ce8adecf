/**
 * The search by place (issue 47), as a visitor uses it: a ZIP code, a radius and Nearest first in the
 * filters, the cards' distances in order, the same search rendered by the server from its address;
 * a ZIP code the server does not know, said at its field. The cars near 90210 are the demo data's
 * (packages/demo-art gives its cars real places); other specs add cars, without places, meanwhile.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from '../fixtures.ts';

const filters = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const zipCode = (page: Page) => filters(page).getByRole('textbox', { name: 'ZIP code' });

/** The cars of the search in the address: no earlier search's cars shown while it loads. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** Each card's distance in miles, as it says it ("12 mi away"; "Under 1 mi away" counts as 0). */
async function distances(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('car-card').allInnerTexts();
  return texts.map((text) => {
    const [, miles] = /(Under 1|[\d,]+) mi away/.exec(text) ?? [];
    if (miles === undefined) throw new Error(`a card without its distance: ${text}`);
    return miles === 'Under 1' ? 0 : Number(miles.replaceAll(',', ''));
  });
}

test.describe('on a large screen', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('a visitor finds the cars within 50 miles of a ZIP code, nearest first', async ({ page }) => {
    await page.goto('/cars');
    await hydrated(page);
    await expect(filters(page).getByRole('combobox', { name: 'Distance' })).toBeDisabled();

    await zipCode(page).fill('90210');
    await zipCode(page).press('Enter');
    await expect(page).toHaveURL('/cars?near=90210');
    await filters(page).getByRole('combobox', { name: 'Distance' }).selectOption({ label: 'Within 50 mi' });
    await expect(page).toHaveURL('/cars?near=90210&radius=50mi');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Nearest first' });
    await expect(page).toHaveURL('/cars?near=90210&radius=50mi&sort=distance');
    await settled(page);

    const found = await distances(page);
    expect(found.length, 'cars near 90210 in the demo data').toBeGreaterThan(0);
    expect(found).toEqual(found.toSorted((a, b) => a - b));
    for (const miles of found) expect(miles).toBeLessThanOrEqual(50);

    // The same search from its address, rendered by the server and hydrated.
    await page.reload();
    await hydrated(page);
    await expect(
      page.getByRole('list', { name: 'Active filters' }).getByRole('button', {
        name: 'Remove filter: Within 50 mi of 90210',
      }),
    ).toBeVisible();
    await expect(zipCode(page)).toHaveValue('90210');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
    expect(await distances(page)).toEqual(found);
  });

  test('a ZIP code the server does not know is said at its field, and the search goes on nationwide', async ({
    page,
  }) => {
    await page.goto('/cars?near=00000&radius=50mi');
    await hydrated(page);
    await expect(zipCode(page)).toHaveAccessibleDescription("We don't know the ZIP code 00000");
    await page.getByRole('button', { name: 'Search nationwide' }).click();
    await expect(page).toHaveURL('/cars');
    await expect(page.getByTestId('car-card').first()).toBeVisible();
    await expect(zipCode(page)).toHaveValue('');
  });

  test("a visitor starts from the home page's ZIP code and lands on the cars nearest first", async ({
    page,
  }) => {
    await page.goto('/');
    await hydrated(page);
    const near = page.getByRole('search', { name: 'Cars near you' });
    await near.getByRole('combobox', { name: 'Distance' }).selectOption({ label: 'Within 100 mi' });
    await near.getByRole('textbox', { name: 'ZIP code' }).fill('90210');
    await near.getByRole('button', { name: 'Find cars' }).click();
    await expect(page).toHaveURL('/cars?near=90210&radius=100mi&sort=distance');
    // The search page's code loads on this first visit to it: until then the home page's cards (without
    // a distance) still show, so wait for the search's own.
    await expect(
      page
        .getByTestId('car-card')
        .filter({ hasText: / mi away/ })
        .first(),
    ).toBeVisible();
    await settled(page);
    const found = await distances(page);
    expect(found.length, 'cars near 90210 in the demo data').toBeGreaterThan(0);
    expect(found).toEqual(found.toSorted((a, b) => a - b));
    for (const miles of found) expect(miles).toBeLessThanOrEqual(100);
  });
});
