/**
 * Issue 48's offers as people use them: a buyer offers on a car from its page and lands in the
 * conversation; the seller counters there; the buyer accepts the counter; the car then says
 * "Reserved" on its page and takes no other offer. Each test signs up its own people.
 */
import { expect, test } from '../fixtures.ts';
import { postCar, signUp, tag } from '../support/marketplace.ts';

test('a buyer offers, the seller counters, the buyer accepts: the car is reserved', async ({
  browser,
  page,
  baseURL,
  expectNoA11yViolations,
}) => {
  const sellerContext = await browser.newContext({ baseURL });
  await signUp(sellerContext.request, 'Seller', `Sally Seller ${tag()}`);
  const car = await postCar(sellerContext.request, `Evora ${tag()}`, { askingPrice: 8_950_000 });
  await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);

  // The buyer offers from the car's page and lands in the conversation, the offer in it.
  await page.goto(`/cars/id/${car.id}`);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make an offer' });
  await dialog.getByLabel('Your offer').fill('80,000');
  await dialog.getByLabel('Message').fill('Cash this week.');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(page).toHaveURL(/\/dash\/messages\/[^/]+$/);
  const conversation = page.url();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText('Offered $80,000.');
  await expect(page.getByRole('region', { name: 'Offer' })).toContainText("The seller's answer");

  // The seller counters from the offers they received.
  const sellerPage = await sellerContext.newPage();
  await sellerPage.goto('/dash/seller/offers');
  await sellerPage.getByRole('link', { name: new RegExp(car.name) }).click();
  await expect(sellerPage).toHaveURL(conversation.replace(baseURL ?? '', ''));
  const sellerOffer = sellerPage.getByRole('region', { name: 'Offer' });
  await sellerOffer.getByRole('button', { name: 'Counter' }).click();
  await sellerOffer.getByLabel('Your counter').fill('85,000');
  await sellerOffer.getByRole('button', { name: 'Send counter' }).click();
  await expect(sellerOffer).toContainText("The buyer's answer");
  await expectNoA11yViolations(sellerPage);

  // The buyer's open conversation shows the counter without a reload; they accept it.
  await expect(messages).toContainText('Countered with $85,000.');
  const buyerOffer = page.getByRole('region', { name: 'Offer' });
  await buyerOffer.getByRole('button', { name: 'Accept $85,000' }).click();
  await expect(buyerOffer).toContainText('Accepted: car reserved');
  await expectNoA11yViolations(page);

  // The car says so, and takes no other offer.
  await page.goto(`/cars/id/${car.id}`);
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
  await sellerContext.close();
});

test('the buyer of a reservation pays the deposit, the seller releases the car: the deposit is refunded and the waitlist told', async ({
  browser,
  page,
  baseURL,
}) => {
  const sellerContext = await browser.newContext({ baseURL });
  const waiterContext = await browser.newContext({ baseURL });
  await signUp(sellerContext.request, 'Seller', `Sally Seller ${tag()}`);
  const car = await postCar(sellerContext.request, `Emira ${tag()}`, { askingPrice: 9_500_000 });
  await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
  await signUp(waiterContext.request, 'Buyer', `Will Waiter ${tag()}`);

  // An offer the seller accepts reserves the car for the buyer.
  const made = await page.request.post('/api/offers', { data: { carId: car.id, amount: 9_000_000 } });
  expect(made.status()).toBe(201);
  const offer = (await made.json()) as { id: string; conversationId: string };
  const accepted = await sellerContext.request.post(`/api/offers/${offer.id}/answer`, {
    data: { action: 'accept' },
  });
  expect(accepted.status()).toBe(200);

  // Another buyer joins the reserved car's waitlist from its page.
  const waiterPage = await waiterContext.newPage();
  await waiterPage.goto(`/cars/id/${car.id}`);
  await expect(waiterPage.locator('#root')).not.toHaveAttribute('inert');
  await waiterPage.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(waiterPage.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();

  // The buyer pays the deposit from the offer beside the conversation, with a test card.
  await page.goto(`/dash/messages/${offer.conversationId}`);
  await page
    .getByRole('region', { name: 'Offer' })
    .getByRole('link', { name: /holding deposit/ })
    .click();
  await expect(page).toHaveURL(`/buyer/offers/${offer.id}/deposit`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$500\.00$/ }).click();
  await expect(page.getByText('The $500.00 deposit is paid: the car is held for you.')).toBeVisible();

  // The seller releases the car: the deposit goes back, and the waiting buyer is told.
  const released = await sellerContext.request.post(`/api/offers/${offer.id}/release`);
  expect(released.status()).toBe(200);
  await page.goto('/dash/buyer/offers');
  await expect(page.getByRole('link', { name: new RegExp(car.name) })).toContainText(
    /\$500\.00 deposit (being refunded|refunded)/,
  );
  await expect
    .poll(async () => {
      const notices = (await (await waiterContext.request.get('/api/notifications')).json()) as {
        items: { title: string }[];
      };
      return notices.items.map((n) => n.title);
    })
    .toContain('Car for sale again');
  await sellerContext.close();
  await waiterContext.close();
});
