/**
 * Side-by-side comparison (issue 48), as a visitor uses it on a phone and on a desktop: two cars
 * chosen from a search around a ZIP code, the comparison opened from the compare tray, a row where
 * they differ marked, the comparison and the choice still there after a reload, and the comparison's
 * address opened in a fresh browser by someone who chose nothing. The cars near 90210 are the demo
 * data's (packages/demo-art gives its cars real places) and those other tests post there meanwhile.
 */
import type { Page } from '@playwright/test';
import { expect, hydrated, test } from '../fixtures.ts';

const cards = (page: Page) => page.getByTestId('car-card');
const tray = (page: Page) => page.getByRole('region', { name: /^Compare/ });
const comparison = (page: Page) => page.getByRole('table');

/** The cars of the comparison, by the names of its columns' links. */
const comparedNames = (page: Page) =>
  comparison(page)
    .getByRole('columnheader')
    .getByRole('link', { name: /^(?!Remove)/ });

for (const { name, viewport } of [
  { name: 'on a phone', viewport: { width: 390, height: 844 } },
  { name: 'on a desktop', viewport: { width: 1280, height: 900 } },
]) {
  test.describe(name, () => {
    test.use({ viewport });

    test('a visitor compares two cars of a search side by side, keeps them, and shares the comparison', async ({
      page,
      browser,
      baseURL,
      expectNoA11yViolations,
    }) => {
      await page.goto('/cars?near=90210&sort=distance');
      await hydrated(page);
      await expect(cards(page).first()).toBeVisible();
      const chosen: string[] = [];
      const chosenLinks: string[] = [];
      for (const card of [cards(page).nth(0), cards(page).nth(1)]) {
        const toggle = card.getByRole('button', { name: /^Compare / });
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-pressed', 'true');
        chosen.push((await card.getByRole('heading').textContent()) ?? '');
        chosenLinks.push((await card.locator('a[href^="/cars/id/"]').first().getAttribute('href')) ?? '');
      }
      await expect(tray(page).getByRole('listitem')).toHaveCount(2);

      await tray(page).getByRole('link', { name: 'Compare 2 cars side by side' }).click();
      await expect(page).toHaveURL(/\/compare\?ids=[\w-]+%2C[\w-]+&near=90210$/);
      await expect(comparedNames(page)).toHaveText(chosen);
      // At least one row differs (two cars are never alike in all), marked for sight and for screen readers.
      const differing = comparison(page).locator('tbody tr[data-differs="true"]');
      await expect(differing.first()).toBeVisible();
      await expect(differing.first().getByRole('rowheader')).toContainText('(differs)');
      await expect(comparison(page).getByRole('rowheader', { name: /^Distance/ })).toBeVisible();
      await expectNoA11yViolations(page);

      if (viewport.width < 640) {
        // One car a screen: swiping to the second keeps the row labels in view.
        const label = comparison(page).getByRole('rowheader', { name: /^Asking price/ });
        const scroller = page.locator('main div.overflow-x-auto').first();
        await scroller.evaluate((element) => {
          element.scrollLeft = element.scrollWidth;
        });
        await expect(comparedNames(page).nth(1)).toBeInViewport();
        await expect(label).toBeInViewport();
        // The first car has gone under the labels (a sticky column), which stay where they were.
        const labels = (await label.boundingBox())!;
        expect(labels.x).toBe(0);
        await expect
          .poll(async () => {
            const first = (await comparison(page).getByRole('columnheader').first().boundingBox())!;
            return first.x + first.width <= labels.x + labels.width + 1;
          })
          .toBe(true);
      } else {
        for (const column of await comparedNames(page).all()) await expect(column).toBeInViewport();
      }

      // Only the differences, then the comparison again from its address.
      await page.getByRole('checkbox', { name: 'Only differences' }).check();
      await expect(comparison(page).locator('tbody tr:not([data-differs])')).toHaveCount(0);
      const shared = page.url();
      const asked: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/cars/compare')) asked.push(request.url());
      });
      await page.reload();
      await hydrated(page);
      await expect(comparedNames(page)).toHaveText(chosen);
      // The server rendered the cars, and the browser took them over without asking again.
      expect(asked).toEqual([]);

      // The choice is kept across visits: back on the search, the two cars are still chosen.
      await page.goto('/cars?near=90210&sort=distance');
      await hydrated(page);
      await expect(tray(page).getByRole('listitem')).toHaveCount(2);
      // Other tests post cars near 90210 meanwhile: the chosen ones are found by their links, not their places.
      for (const link of chosenLinks) {
        const card = cards(page).filter({ has: page.locator(`a[href="${link}"]`) });
        await expect(card.getByRole('button', { name: /^Compare / })).toHaveAttribute('aria-pressed', 'true');
      }

      // Someone else opens the address: the same cars, and nothing chosen of their own.
      const fresh = await browser.newContext({ baseURL, viewport });
      const other = await fresh.newPage();
      await other.goto(shared);
      await hydrated(other);
      await expect(comparedNames(other)).toHaveText(chosen);
      await expect(tray(other)).toHaveCount(0);
      await other.goto('/cars');
      await hydrated(other);
      await expect(tray(other)).toHaveCount(0);
      await fresh.close();
    });
  });
}

test('a comparison of cars no longer for sale says so, and an address with too many cars is refused cleanly', async ({
  page,
}) => {
  const response = await page.goto('/compare?ids=5f0c1a9e-0000-4000-8000-000000000009');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'This car is no longer for sale' })).toBeVisible();
  await page.goto('/compare?ids=a,b,c,d,e');
  await expect(page.getByRole('heading', { name: 'This comparison’s address is not valid' })).toBeVisible();
});
