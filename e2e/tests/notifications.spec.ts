/**
 * Issue 20's notifications as people meet them: a buyer who saved a car is told when its seller
 * lowers the price, by the bell in the navigation bar, live (no reload), and the notification leads
 * to the car; the seller is told of the buyer's test-drive request the same way. Each test signs up its own people.
 */
import { expect, test } from '../fixtures.ts';
import { bookViaApi, postCar, repriceViaApi, saveViaApi, signUp, tag } from '../support/marketplace.ts';

test('a price drop reaches the buyer who saved the car, and a request its seller, through the bell', async ({
  browser,
  page,
  baseURL,
  expectNoA11yViolations,
}) => {
  const sellerContext = await browser.newContext({ baseURL });
  await signUp(sellerContext.request, 'Seller', `Sally Seller ${tag()}`);
  const car = await postCar(sellerContext.request, `Emira ${tag()}`);
  await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
  await saveViaApi(page.request, car.id);

  // Nothing yet: the bell has no count.
  await page.goto('/');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  await repriceViaApi(sellerContext.request, car.id, 8_250_000);
  await bookViaApi(page.request, car.id, 'Austin');

  // Without a reload, the bell counts it as soon as it is made; the list says what happened and
  // leads to the car.
  const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page).toHaveURL(/\/dash\/notifications$/);
  const note = page.getByRole('link', { name: /^Price dropped/ });
  await expect(note).toContainText(`The ${car.name} you saved now asks $82,500, down from $89,500.`);
  await expectNoA11yViolations(page);
  await note.click();
  await expect(page).toHaveURL(new RegExp(`/cars/id/${car.id}$`));
  // The car's page once it has replaced the list (the dashboard's menu names Notifications too),
  // and the bell without a count: the notification was read on the way.
  await expect(page.getByRole('heading', { level: 1, name: car.model })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // The seller's bell counts the request; their list, loaded by the server, shows it.
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dash/notifications');
  await expect(sellerPage.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: /^Test drive requested/ })).toContainText(
    `would like to drive your ${car.name}`,
  );
  await sellerPage.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(sellerPage.getByText('All caught up')).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: /unread/ })).toHaveCount(0);
  await sellerContext.close();
});
