/**
 * Screens a new user walks, as the outside review found them (issue 16, items 17, 18 and 21): the
 * sign-in and sign-up pages for someone already signed in, the way back after signing up, the
 * footer's account links, and the dashboard's side menu on a long page.
 */
import { DEMO_BUYER, DEMO_PASSWORD, expect, test, uniqueEmail } from '../fixtures.ts';

const DEMO_SELLER = 'sales@redline.test'; // ten cars: My Posts is longer than a screen

test('a signed-in user who opens the sign-in or sign-up page goes on to the home page', async ({
  page,
  signIn,
}) => {
  await signIn(page, DEMO_BUYER, DEMO_PASSWORD);
  for (const authPage of ['/user/login', '/user/signup']) {
    await page.goto(authPage);
    await expect(page).toHaveURL('/');
    await expect(page.getByText(/needs a different account/)).toHaveCount(0);
  }
});

test('Get started brings a new user back to the page they were on once signed up', async ({ page }) => {
  await page.goto('/categories');
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL('/user/signup');
  await page.getByLabel('Name', { exact: true }).fill('Rhea Return');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('return'));
  await page.getByLabel('Password', { exact: true }).fill('a-good-password');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL('/categories');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
});

test.describe('the dashboard side menu on a long page', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('its background runs the full height of the page, and the menu stays in view', async ({
    page,
    signIn,
  }) => {
    await signIn(page, DEMO_SELLER, DEMO_PASSWORD);
    await page.goto('/dash/seller/addedproducts');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();

    // The lowest painted box of the menu and its column (whatever element carries the background).
    const geometry = await menu.evaluate((nav) => {
      const page = document.documentElement.scrollHeight;
      let bottom = 0;
      for (let box: Element | null = nav; box && !box.contains(document.getElementById('main')); ) {
        if (getComputedStyle(box).backgroundColor !== 'rgba(0, 0, 0, 0)')
          bottom = Math.max(bottom, box.getBoundingClientRect().bottom + window.scrollY);
        box = box.parentElement;
      }
      return { page, bottom, viewport: window.innerHeight };
    });
    expect(geometry.page).toBeGreaterThan(geometry.viewport * 1.5);
    expect(geometry.bottom).toBeGreaterThanOrEqual(geometry.page - 1);

    await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
    await expect(menu.getByRole('link', { name: 'Overview' })).toBeInViewport();
  });
});

test.describe('the dashboard side menu on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens as a drawer a screen tall and closes again', async ({ page, signIn }) => {
    await signIn(page, DEMO_SELLER, DEMO_PASSWORD);
    await page.goto('/dash/seller/addedproducts');
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu).not.toBeInViewport();

    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await expect(menu.getByRole('link', { name: 'My Posts' })).toBeInViewport();
    const box = await menu.boundingBox();
    expect(box?.y).toBe(0);
    expect(box?.height).toBe(844);

    await page.keyboard.press('Escape');
    await expect(menu).not.toBeInViewport();
  });
});
