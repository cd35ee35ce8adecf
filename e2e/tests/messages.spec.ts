/**
 * Issue 20's messages as people use them: a buyer asks the seller a question from the car's page;
 * the seller sees it on the bell, reads it and replies; the buyer, who kept the conversation open,
 * sees the reply arrive without reloading. Each test signs up its own people.
 */
import { expect, test } from '../fixtures.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

test('a buyer asks the seller about a car, and sees the reply arrive without reloading', async ({
  browser,
  page,
  baseURL,
  expectNoA11yViolations,
}) => {
  const sellerContext = await browser.newContext({ baseURL });
  const sellerName = `Sally Seller ${tag()}`;
  await signUp(sellerContext.request, 'Seller', sellerName);
  const car = await postCar(sellerContext.request, `Exige ${tag()}`);
  const buyerName = `Bea Buyer ${tag()}`;
  await signUp(page.request, 'Buyer', buyerName);

  // The buyer asks from the car's page and lands in the conversation.
  await page.goto(`/cars/id/${car.id}`);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.getByRole('button', { name: 'Message the seller' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Your message').fill('Is the clutch original?');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(/\/dash\/messages\/[^/]+$/);
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByRole('listitem')).toHaveCount(1);
  await expect(messages).toContainText('Is the clutch original?');

  // The seller: the bell counts it; the notification leads to the conversation; they reply.
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dash');
  const bell = sellerPage.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  await sellerPage.getByRole('link', { name: new RegExp(`^Message from ${buyerName}`) }).click();
  await expect(sellerPage).toHaveURL(/\/dash\/messages\/[^/]+$/);
  await expect(sellerPage.getByRole('list', { name: 'Messages' })).toContainText('Is the clutch original?');
  await expectNoA11yViolations(sellerPage);
  await sellerPage.getByLabel(`Your message to ${buyerName}`).fill('Original, and never tracked.');
  await sellerPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(sellerPage.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);

  // The buyer's open conversation shows the reply, without a reload.
  await expect(messages.getByRole('listitem')).toHaveCount(2);
  await expect(messages.getByRole('listitem').last()).toContainText('Original, and never tracked.');
  await expectNoA11yViolations(page);

  // The list of conversations names the other party and the last message.
  await page.goto('/dash/messages');
  const row = page.getByRole('link', { name: new RegExp(sellerName) });
  await expect(row).toContainText('Original, and never tracked.');
  await expect(row).toContainText(car.name);
  await sellerContext.close();
});
