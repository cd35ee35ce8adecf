/**
 * What users write never widens a page (issue 44, items 15 and 16): a car whose description holds a
 * 300-character URL and whose brand and model are unbroken words as long as allowed, a saved search
 * and a message as long, seen on a phone; the catalogue's pages with names as long (issue 46: the
 * post form's comboboxes, the car's Specifications, the search's filters with a list of one car and
 * an empty one, the admins' makes, other names and typo matches among every make); the car page's
 * main button whole at desktop width; an open dialog that dims the page behind it in both
 * themes (item 23); and issue 49's screens on a phone with words as long as allowed: the Team page
 * with twenty invitations, an invitation, a dealer's page and its car's card, a member's dashboard
 * and figures, a booking, the seller's page's reviews and their Report dialog, the Answer form and
 * the admins' reported reviews (reviews with long words: reviews.spec.ts).
 */
import type { Page } from '@playwright/test';
import {
  baseURL,
  DEMO_ADMIN,
  DEMO_BUYER,
  DEMO_PASSWORD,
  expect,
  hydrated,
  signUpViaApi,
  test,
  uniqueEmail,
} from '../fixtures.ts';
import { expectDialogFullWidth, expectNoSidewaysScroll, longWord } from '../support/layout.ts';
import {
  becomeDealerViaApi,
  bookViaApi,
  emailedInvitation,
  markSoldViaApi,
  PASSWORD,
  type PostedCar,
  postCar,
  signInViaApi,
  signUp,
  tag,
} from '../support/marketplace.ts';

const DEMO_SELLER = 'sales@redline.test'; // a dealer with reviews, some not answered yet
const URL_300 = `https://example.test/${'a1b2c3d4e5'.repeat(28)}`.slice(0, 300);
const write = { headers: { origin: baseURL() } };

/** Nothing in the open dialog reaches past the window's right edge (a dialog clips what would). */
async function expectDialogWithinWidth(page: Page, width: number) {
  const beyond = await page.evaluate(
    (width) =>
      [...document.querySelectorAll('dialog[open] *')]
        .filter((element) => element.getBoundingClientRect().right > width + 0.5)
        .map((element) => element.textContent?.slice(0, 40)),
    width,
  );
  expect(beyond, 'what the dialog cuts at its right edge').toEqual([]);
}

/** The element lies within the window's width. */
async function expectWithinWidth(page: Page, name: string, width: number) {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= width, `${name} inside the window`).toBe(true);
}

test.describe('long unbroken words on a phone', () => {
  const width = 390;
  test.use({ viewport: { width, height: 844 } });

  test('wrap on the car page, notifications, saved searches and conversations', async ({
    browser,
    page,
    baseURL: base,
  }) => {
    test.setTimeout(120_000);
    const sellerContext = await browser.newContext({ baseURL: base, viewport: { width, height: 844 } });
    const seller = sellerContext.request;
    await signUp(seller, 'Seller', `Sally Seller ${tag()}`);
    const brand = `Brand${tag()}${'x'.repeat(50)}`.slice(0, 60);
    const car: PostedCar = await postCar(seller, `Model${tag()}${'y'.repeat(80)}`.slice(0, 80), {
      brand,
      about: `Photos and papers: ${URL_300} and more at ${URL_300}`,
    });

    await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
    const searchName = `Search${tag()}${'z'.repeat(60)}`.slice(0, 60);
    const saved = await page.request.post('/api/saved-searches', {
      data: { name: searchName, filters: { q: brand.slice(0, 20) }, frequency: 'daily' },
      ...write,
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const conversation = await page.request.post('/api/conversations', {
      data: { carId: car.id, message: `Is this the car at ${URL_300}?` },
      ...write,
    });
    expect(conversation.ok(), await conversation.text()).toBe(true);
    const { id: conversationId } = (await conversation.json()) as { id: string };

    await page.goto(`/cars/id/${car.id}`);
    await expect(page.getByText(URL_300).first()).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await expectWithinWidth(page, 'Book a test drive now', width);
    await expectWithinWidth(page, 'Report about this post', width);

    await page.goto('/dash/buyer/searches');
    await expect(page.getByRole('heading', { name: searchName })).toBeVisible();
    await expectNoSidewaysScroll(page, width);

    for (const path of ['/dash/messages', `/dash/messages/${conversationId}`]) {
      await page.goto(path);
      await expect(page.getByText(/a1b2c3d4e5/).first()).toBeVisible();
      await expectNoSidewaysScroll(page, width);
    }

    // Offers: the buyer's list empty, then an offer with a message as long; both sides' lists, and
    // the car side by side.
    await page.goto('/dash/buyer/offers');
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    const offer = await page.request.post('/api/offers', {
      data: { carId: car.id, amount: 8_000_000, message: `Would you take this? ${URL_300}` },
      ...write,
    });
    expect(offer.ok(), await offer.text()).toBe(true);
    await page.goto('/dash/buyer/offers');
    await expect(page.getByText(brand).first()).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    await page.goto(`/compare?ids=${car.id}`);
    await expect(page.getByRole('table')).toBeVisible();
    await expectNoSidewaysScroll(page, width);

    // The seller is told of the message, naming the car (its long brand and model).
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/dash/seller/offers');
    await expect(sellerPage.getByText(brand).first()).toBeVisible();
    await expectNoSidewaysScroll(sellerPage, width);
    await sellerPage.goto('/dash/notifications');
    await expect(sellerPage.getByText(brand).first()).toBeVisible();
    await expectNoSidewaysScroll(sellerPage, width);
    await sellerPage.goto(`/dash/messages/${conversationId}`);
    await expect(sellerPage.getByText(/a1b2c3d4e5/).first()).toBeVisible();
    await expectNoSidewaysScroll(sellerPage, width);

    // Sold, its page's notice links to the search of its make and model, named whole.
    await markSoldViaApi(seller, car.id);
    await sellerContext.close();
    await page.goto(`/cars/id/${car.id}`);
    const search = page.getByRole('link', { name: /^See .* for sale$/ });
    await expect(search).toBeVisible();
    await expectNoSidewaysScroll(page, width);
    const box = await search.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, 'the search link inside the window').toBe(true);
  });

  test("issue 49's screens stay inside the window with the longest names, addresses and texts, their buttons tap targets", async ({
    browser,
    page,
    baseURL: base,
  }) => {
    test.setTimeout(240_000);
    const phone = { baseURL: base, viewport: { width, height: 844 } };
    const expectFits = async (on: Page, path: string, shown: string | RegExp) => {
      await on.goto(path);
      await expect(on.getByRole('main').getByText(shown).first()).toBeVisible();
      await expectNoSidewaysScroll(on, width);
    };

    // A dealer with the longest business name (100) and owner's name (80), a car with the longest
    // model, and twenty invitations: one to a member, nineteen to the longest addresses.
    const owner = await browser.newContext(phone);
    await signUp(owner.request, 'Seller', longWord('Owner', 80));
    const business = longWord('Motors', 100);
    await becomeDealerViaApi(owner.request, business);
    const { id: ownerId } = (await (await owner.request.get('/api/me')).json()) as { id: string };
    const car = await postCar(owner.request, longWord('Model', 80));
    const memberEmail = uniqueEmail('member');
    const addresses = Array.from({ length: 19 }, (_, i) => `${longWord(`i${i}`, 64)}@${'d'.repeat(60)}.test`);
    for (const email of [memberEmail, ...addresses]) {
      const sent = await owner.request.post('/api/me/team/invitations', {
        data: { email, role: 'salesperson' },
        ...write,
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    }

    // The invitation's page, signed out; then the member, with the longest name, joins from it, its
    // button as tall as its label.
    const invitation = await emailedInvitation(memberEmail);
    await expectFits(page, invitation, `Join ${business}`);
    const member = await browser.newContext(phone);
    const memberName = longWord('Member', 80);
    await signUpViaApi(member.request, {
      name: memberName,
      email: memberEmail,
      password: PASSWORD,
      role: 'Seller',
    });
    const memberPage = await member.newPage();
    await expectFits(memberPage, invitation, `Join ${business}`);
    const accept = memberPage.getByRole('button', { name: `Accept and join ${business}` });
    const label = await accept.evaluate((button) => button.scrollHeight - button.clientHeight);
    expect(label, 'how far the label spills out of its button').toBeLessThanOrEqual(0);
    await accept.click();
    await memberPage.waitForURL('**/dash');

    // The Team page: the member and the pending invitations, each address whole; Remove is a tap target.
    const ownerPage = await owner.newPage();
    await expectFits(ownerPage, '/dash/seller/team', memberName);
    await expect(ownerPage.getByText(addresses[0]!.toLowerCase())).toBeVisible();
    const remove = await ownerPage.getByRole('button', { name: `Remove ${memberName}` }).boundingBox();
    expect(remove?.height, 'Remove’s height').toBeGreaterThanOrEqual(44);

    // The member's dashboard, its figures (no view yet), the dealer's page and the car's card.
    await expectFits(memberPage, '/dash', `Selling for ${business} as a salesperson`);
    await expectFits(memberPage, '/dash/seller/performance', car.model);
    await expectFits(memberPage, `/sellers/${ownerId}`, business);
    await expectFits(memberPage, `/cars?${new URLSearchParams({ q: car.model })}`, car.model);

    // A buyer with the longest name books the car: their bookings.
    await signUp(page.request, 'Buyer', longWord('Buyer', 80));
    await bookViaApi(page.request, car.id, longWord('City', 80));
    await expectFits(page, '/dash/buyer/bookings', car.model);

    // The demo seller's reviews: their page with the Report dialog, a bottom sheet as wide as the
    // window; the Answer form with the longest word; a report with the longest details, to the admins.
    const demoSeller = await browser.newContext(phone);
    await signInViaApi(demoSeller.request, DEMO_SELLER, DEMO_PASSWORD);
    const { id: sellerId } = (await (await demoSeller.request.get('/api/me')).json()) as { id: string };
    const reviewer = await browser.newContext(phone);
    await signInViaApi(reviewer.request, DEMO_BUYER, DEMO_PASSWORD);
    const reviewerPage = await reviewer.newPage();
    await expectFits(reviewerPage, `/sellers/${sellerId}`, 'Reviews');
    await reviewerPage
      .getByRole('button', { name: /^Report the review by/ })
      .first()
      .click();
    await expectDialogFullWidth(reviewerPage, width);
    await expectNoSidewaysScroll(reviewerPage, width);
    const sellerPage = await demoSeller.newPage();
    await expectFits(sellerPage, '/dash/seller/reviews', 'Answer');
    await sellerPage
      .getByRole('button', { name: /^Answer the review by/ })
      .first()
      .click();
    await sellerPage.getByLabel(/^Your answer to/).fill(longWord('Answer', 150));
    await expectNoSidewaysScroll(sellerPage, width);
    const { items } = (await (await page.request.get(`/api/sellers/${sellerId}/reviews`)).json()) as {
      items: { id: string }[];
    };
    const details = longWord('Details', 150);
    const reported = await page.request.post(`/api/reviews/${items[0]!.id}/report`, {
      data: { reason: 'Other', details },
      ...write,
    });
    expect(reported.ok(), await reported.text()).toBe(true);
    const admin = await browser.newContext(phone);
    await signInViaApi(admin.request, DEMO_ADMIN, DEMO_PASSWORD);
    const adminPage = await admin.newPage();
    await expectFits(adminPage, '/dash/admin/reported-reviews', details);
    // As a card, a review's reports run across it under their label, not squeezed beside it.
    const reports = await adminPage.getByRole('list', { name: 'Reports' }).first().boundingBox();
    expect(reports?.width, 'the reports’ width').toBeGreaterThan(width * 0.8);

    for (const context of [owner, member, demoSeller, reviewer, admin]) await context.close();
  });
});

test.describe('the catalogue on a phone', () => {
  const width = 390;
  test.use({ viewport: { width, height: 844 } });

  test("the longest names wrap in the post form's comboboxes, the Specifications, the search's filters and the admin catalogue", async ({
    browser,
    page,
    baseURL: base,
  }) => {
    test.setTimeout(180_000);
    await signUp(page.request, 'Seller', `Sally Seller ${tag()}`);
    const brand = longWord('Make', 60);
    const trim = longWord('Trim', 60);
    const colourName = longWord('Rosso', 40);
    const car = await postCar(page.request, longWord('Model', 60), {
      brand,
      specifications: {
        trim,
        exteriorColour: 'Red',
        exteriorColourName: colourName,
        interiorColour: 'Black',
        interiorColourName: longWord('Nero', 40),
      },
    });

    // The post form: a make the catalogue lacks, offered as the seller's own words.
    await page.goto('/dash/seller/addproduct');
    await hydrated(page);
    const typed = longWord('Marque', 60);
    await page.getByRole('combobox', { name: 'Brand' }).fill(typed);
    const option = page.getByRole('option', { name: `Use “${typed}” — not in the list` });
    await expect(option).toBeVisible();
    const box = await page.getByRole('listbox', { name: 'Brand suggestions' }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width, 'the suggestions inside the window').toBe(true);
    await expectNoSidewaysScroll(page, width);

    // The car page's Specifications.
    await page.goto(`/cars/id/${car.id}`);
    await expect(page.getByRole('heading', { name: 'Specifications' })).toBeVisible();
    await expect(page.getByText(trim).first()).toBeVisible();
    await expect(page.getByText(colourName).first()).toBeVisible();
    await expectNoSidewaysScroll(page, width);

    // The search: the long make as a filter's chip and facet, the new filters in the dialog, a list
    // of one car and an empty one.
    for (const query of [`brand=${brand}&body=Coupe&colour=Red`, `brand=${brand}&transmission=CVT`]) {
      await page.goto(`/cars?${new URLSearchParams(query)}`);
      await hydrated(page);
      await expect(page.getByRole('button', { name: `Remove filter: ${brand}` })).toBeVisible();
      await expectNoSidewaysScroll(page, width);
      await page.getByRole('button', { name: /^Filters/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Filters' });
      await expect(dialog.getByRole('group', { name: 'Transmission' })).toBeVisible();
      await expect(dialog.getByRole('checkbox', { name: new RegExp(`^${brand}`) })).toBeAttached();
      await expectNoSidewaysScroll(page, width);
      await expectDialogWithinWidth(page, width);
      await page.keyboard.press('Escape');
    }
    await expect(page.getByText('No cars match your search')).toBeVisible();

    // The admin catalogue: a make, model and alias as long as allowed, among every make.
    const admin = await browser.newContext({ baseURL: base, viewport: { width, height: 844 } });
    await signInViaApi(admin.request, DEMO_ADMIN, DEMO_PASSWORD);
    const makeName = longWord('Coachworks', 60);
    const make = await admin.request.post('/api/vehicles/makes', {
      data: { name: makeName, country: 'GB' },
      ...write,
    });
    expect(make.ok(), await make.text()).toBe(true);
    const { id: makeId } = (await make.json()) as { id: number };
    for (const [path, data] of [
      [`/api/vehicles/makes/${makeId}/models`, { name: longWord('Roadster', 60) }],
      [`/api/vehicles/makes/${makeId}/aliases`, { alias: longWord('Alias', 60) }],
    ] as const) {
      const res = await admin.request.post(path, { data, ...write });
      expect(res.ok(), await res.text()).toBe(true);
    }
    const adminPage = await admin.newPage();
    await adminPage.goto('/dash/admin/catalogue');
    await hydrated(adminPage);
    await adminPage.getByRole('button', { name: makeName }).click();
    await expect(adminPage.getByRole('heading', { name: makeName })).toBeVisible();
    await expectNoSidewaysScroll(adminPage, width);
    await adminPage.getByRole('button', { name: 'Other names', exact: true }).click();
    await expect(adminPage.getByText(brand).first()).toBeVisible();
    await expectNoSidewaysScroll(adminPage, width);
    await adminPage.getByRole('button', { name: 'Typo matches', exact: true }).click();
    await expect(
      adminPage
        .getByRole('table', { name: 'Typo matches to review' })
        .or(adminPage.getByText('Nothing to review')),
    ).toBeVisible();
    await expectNoSidewaysScroll(adminPage, width);
    await admin.close();
  });
});

test.describe('the car page at desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows its main button whole, inside its box, its label not cut', async ({ page }) => {
    const seller = await page.context().browser()!.newContext({ baseURL: baseURL() });
    await signUp(seller.request, 'Seller', `Sally Seller ${tag()}`);
    const car = await postCar(seller.request, `Exige ${tag()}`);
    await seller.close();
    await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);

    await page.goto(`/cars/id/${car.id}`);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    const button = page.getByRole('button', { name: 'Book a test drive now', exact: true });
    await expect(button).toBeVisible();
    const fit = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const container = element.parentElement!.getBoundingClientRect();
      return {
        inside: box.left >= container.left && box.right <= container.right + 0.5,
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      };
    });
    expect(fit.inside, 'the button inside its box').toBe(true);
    expect(fit.scrollWidth, 'the label is not cut').toBeLessThanOrEqual(fit.clientWidth);
  });
});

test.describe('a dialog', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`dims and softens the page behind it (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await signUp(page.request, 'Buyer', `Bea Buyer ${tag()}`);
      await page.goto(`/cars/id/${await firstAdvertisedCar(page)}`);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await page.getByRole('button', { name: 'Report about this post' }).click();
      const dialog = page.locator('dialog[open]');
      await expect(dialog).toBeVisible();
      const look = await dialog.evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, filter: style.backdropFilter };
      });
      expect(look.background).toMatch(/\/ 0\.6\)$/);
      expect(look.filter).toBe('blur(2px)');
    });
  }
});

async function firstAdvertisedCar(page: Page): Promise<string> {
  const { items } = (await (await page.request.get('/api/advertise')).json()) as { items: { id: string }[] };
  return items[0]!.id;
}
