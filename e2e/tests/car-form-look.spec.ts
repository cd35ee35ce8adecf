/**
 * How the seller's Post a Car form looks (issue 16, item 21): the four declarations are checkboxes
 * and must look like checkboxes, with square corners, not circles that read as radio buttons.
 */
import { expect, signUpViaApi, test, uniqueEmail } from '../fixtures.ts';

test('the four declarations are drawn as square checkboxes, not circles', async ({ page }) => {
  await signUpViaApi(page.request, {
    name: 'Dora Declarant',
    email: uniqueEmail('declarations'),
    password: 'declarations-e2e-pass',
    role: 'Seller',
  });
  await page.goto('/dash/seller/addproduct');
  const declarations = page.getByRole('region', { name: 'Declarations' }).getByRole('checkbox');
  await expect(declarations).toHaveCount(4);
  for (const box of await declarations.all()) {
    await expect(box).toBeVisible();
    const shape = await box.evaluate((element) => ({
      radius: Number.parseFloat(getComputedStyle(element).borderTopLeftRadius),
      width: element.getBoundingClientRect().width,
    }));
    // A circle's corner radius is half its width; a checkbox's corners are only slightly rounded.
    expect(shape.radius).toBeLessThanOrEqual(shape.width / 4);
  }
});
