/**
 * Dealer profiles (issue 49): a seller becomes a dealer through the Dealer profile page, an admin
 * verifies the dealer with a note from All Sellers, and a visitor sees the business on the seller
 * page (the verified dealer's badge, the address, the hours and whether it is open now) and searches
 * within its cars with the search's filters. Its own seller and visitor, so it runs beside the rest.
 */
import { DEMO_ADMIN, DEMO_PASSWORD, expect, signIn, test } from '../fixtures.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

test('a seller becomes a dealer, an admin verifies it, and a visitor sees it and searches its cars', async ({
  browser,
  page,
  baseURL,
  expectNoA11yViolations,
}) => {
  const business = `Sunset Motors ${tag()}`;
  const sellerName = `Dana Dealer ${tag()}`;

  // The seller, in a browser of their own: fills in the dealer profile and becomes a dealer.
  const sellerContext = await browser.newContext({ baseURL });
  await signUp(sellerContext.request, 'Seller', sellerName);
  const me = (await (await sellerContext.request.get('/api/me')).json()) as { id: string };
  const petrol = await postCar(sellerContext.request, `Evora ${tag()}`);
  const hybrid = await postCar(sellerContext.request, `Eletre ${tag()}`, {
    specifications: { fuel: 'Hybrid' },
  });
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dash/seller/dealer');
  await sellerPage.getByLabel('Business name').fill(business);
  await sellerPage.getByLabel('Phone').fill('(310) 555-0142');
  await sellerPage.getByLabel('Website').fill('https://sunset-motors.example.com');
  await sellerPage.getByLabel('Street address').fill('9000 Wilshire Blvd');
  await sellerPage.getByLabel('ZIP code').fill('90210');
  await expect(sellerPage.getByText('Beverly Hills, CA').first()).toBeVisible();
  await sellerPage.getByLabel('Sunday').check();
  const preview = sellerPage.getByRole('region', { name: 'Preview of your page' });
  await expect(preview.getByRole('heading', { level: 3, name: business })).toBeVisible();
  await expectNoA11yViolations(sellerPage);
  await sellerPage.getByRole('button', { name: 'Become a dealer' }).click();
  await expect(sellerPage.getByText('Your dealer profile is saved')).toBeVisible();
  await sellerContext.close();

  // The admin verifies the dealer, with a note, from All Sellers.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, DEMO_ADMIN, DEMO_PASSWORD);
  await adminPage.goto('/dash/admin/allsellers');
  const row = adminPage.getByRole('row').filter({ hasText: sellerName });
  await expect(row.getByText('Dealer not verified')).toBeVisible();
  await row.getByRole('button', { name: `Dealer verification of ${sellerName}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: business });
  await expect(dialog.getByText('Never verified.')).toBeVisible();
  await dialog.getByLabel('What you checked').fill('Dealer licence checked against the state register');
  await dialog.getByRole('button', { name: 'Verify dealer' }).click();
  await expect(adminPage.getByText(`${business} is a verified dealer`)).toBeVisible();
  await expect(row.getByText('Verified dealer')).toBeVisible();
  await adminContext.close();

  // A visitor: the dealer's page as it arrives from the server, then hydrated.
  await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
  const response = await page.goto(`/sellers/${me.id}`);
  expect(response?.status()).toBe(200);
  const header = page
    .locator('header')
    .filter({ has: page.getByRole('heading', { level: 1, name: business }) });
  await expect(header.getByText('Verified dealer')).toBeVisible();
  await expect(header.getByText('9000 Wilshire Blvd, Beverly Hills, CA 90210')).toBeVisible();
  await expect(header.getByRole('row', { name: 'Sunday 09:00–17:00' })).toBeVisible();
  await expect(header.getByRole('row', { name: 'Saturday 10:00–16:00' })).toBeVisible();
  // Beverly Hills keeps Pacific time: the page says whether the dealer is open now.
  await expect(header.getByText(/^(Open|Closed) now$/)).toBeVisible();
  await expect(header.getByRole('link', { name: '+1 310 555 0142' })).toHaveAttribute(
    'href',
    'tel:+13105550142',
  );
  await expect(header.getByRole('link', { name: 'sunset-motors.example.com' })).toHaveAttribute(
    'rel',
    'nofollow ugc noopener',
  );
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expectNoA11yViolations(page);

  // Its cars, searched within with the search's filters.
  const cars = page.getByRole('region', { name: `Cars for sale at ${business}` });
  await expect(cars.getByTestId('car-card')).toHaveCount(2);
  await cars
    .getByRole('complementary', { name: 'Filters' })
    .getByRole('checkbox', { name: /^Hybrid/ })
    .check();
  await expect(cars.getByTestId('car-card')).toHaveCount(1);
  await expect(cars.getByTestId('car-card').first()).toContainText(hybrid.model);
  await expect(cars.getByText(petrol.model)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('fuel')).toBe('Hybrid');
});
