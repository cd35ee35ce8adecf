import type { Dealer, DealerVerification, OpeningHours, Page, SellerProfile } from '@redline/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, vi } from 'vitest';
import { dealerProfiles, dealerVerifications, photos } from '../src/db/schema.ts';
import { uploadedPhoto } from './factories.ts';
import { it } from './fixtures.ts';
import { as, errorOf, runJob, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const CLOSED: OpeningHours['monday'] = [];
const WEEKDAY = [{ open: '09:00', close: '18:00' }];
const HOURS: OpeningHours = {
  monday: WEEKDAY,
  tuesday: WEEKDAY,
  wednesday: WEEKDAY,
  thursday: WEEKDAY,
  friday: [
    { open: '09:00', close: '12:00' },
    { open: '13:00', close: '19:00' },
  ],
  saturday: [{ open: '10:00', close: '16:00' }],
  sunday: CLOSED,
};

/** A dealer profile as the form sends it; `overrides` replace its fields. */
const profile = (overrides: Record<string, unknown> = {}) => ({
  businessName: 'Sunset Motors',
  logo: null,
  street: '9000 Wilshire Blvd',
  postalCode: '90210',
  hours: HOURS,
  phone: '(310) 555-0142',
  website: 'https://sunset-motors.example.com',
  about: 'Family-run since 1987.\nEvery car inspected.',
  ...overrides,
});

const save = (t: TestApp, user: TestUser | undefined, body: unknown) =>
  as(t, user, { method: 'PUT', url: '/api/me/dealer', payload: body as object });
const mine = (t: TestApp, user: TestUser | undefined) =>
  as(t, user, { method: 'GET', url: '/api/me/dealer' });
const goPrivate = (t: TestApp, user: TestUser | undefined) =>
  as(t, user, { method: 'DELETE', url: '/api/me/dealer' });
const sellerPage = async (t: TestApp, id: string) =>
  (await as(t, undefined, { method: 'GET', url: `/api/sellers/${id}` })).json() as SellerProfile;
const setVerified = (t: TestApp, user: TestUser | undefined, id: string, body: unknown) =>
  as(t, user, { method: 'PUT', url: `/api/user/dealers/${id}/verification`, payload: body as object });
const history = async (t: TestApp, admin: TestUser, id: string) =>
  (
    (
      await as(t, admin, { method: 'GET', url: `/api/user/dealers/${id}/verifications` })
    ).json() as Page<DealerVerification>
  ).items;
const storedRow = (t: TestApp, sellerId: string) =>
  t.db.query.dealerProfiles.findFirst({ where: eq(dealerProfiles.sellerId, sellerId) });

/** A new seller who is a dealer with `profile(overrides)`, verified by `admin` when given. */
async function aDealer(t: TestApp, overrides: Record<string, unknown> = {}, admin?: TestUser) {
  const seller = await signUpUser(t, 'Seller');
  expect((await save(t, seller, profile(overrides))).statusCode).toBe(200);
  if (admin)
    expect((await setVerified(t, admin, seller.id, { verified: true, note: 'Checked' })).statusCode).toBe(
      200,
    );
  return seller;
}

describe('a seller becoming a dealer (PUT /api/me/dealer)', () => {
  it('is for sellers: a visitor is asked to sign in, a buyer refused, and nothing is stored', async ({
    t,
    buyer,
  }) => {
    expect((await save(t, undefined, profile())).statusCode).toBe(401);
    expect((await save(t, buyer, profile())).statusCode).toBe(403);
    expect((await mine(t, buyer)).statusCode).toBe(403);
    expect((await goPrivate(t, buyer)).statusCode).toBe(403);
    expect(await t.db.select().from(dealerProfiles).where(eq(dealerProfiles.sellerId, buyer.id))).toEqual([]);
  });

  it("a private seller has no dealer profile: theirs is null, and so is their page's dealer", async ({
    t,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const res = await mine(t, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect((await sellerPage(t, seller.id)).dealer).toBeNull();
  });

  it('stores the profile with the place of its ZIP code, the phone in E.164, and shows it on the seller page', async ({
    t,
  }) => {
    const seller = await signUpUser(t, 'Seller');
    const res = await save(
      t,
      seller,
      profile({ postalCode: ' 90210-1234 ', businessName: '  Sunset Motors ' }),
    );
    expect(res.statusCode).toBe(200);
    const expected: Dealer = {
      businessName: 'Sunset Motors',
      logo: null,
      street: '9000 Wilshire Blvd',
      place: { postalCode: '90210', country: 'US', city: 'Beverly Hills', region: 'CA' },
      timeZone: 'America/Los_Angeles',
      hours: HOURS,
      phone: '+13105550142',
      website: 'https://sunset-motors.example.com',
      about: 'Family-run since 1987.\nEvery car inspected.',
      verifiedAt: null,
    };
    expect(res.json()).toEqual(expected);
    expect((await mine(t, seller)).json()).toEqual(expected);
    expect((await sellerPage(t, seller.id)).dealer).toEqual(expected);
    const row = await storedRow(t, seller.id);
    expect([row?.latitude, row?.longitude]).toEqual([34.0901, -118.4065]);
  });

  it('saving again updates the one profile; an empty website is none', async ({ t }) => {
    const seller = await aDealer(t);
    const res = await save(
      t,
      seller,
      profile({ about: 'Now open on Sundays.', website: '', hours: { ...HOURS, sunday: WEEKDAY } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      about: 'Now open on Sundays.',
      website: null,
      hours: { sunday: WEEKDAY },
    });
    const rows = await t.db.select().from(dealerProfiles).where(eq(dealerProfiles.sellerId, seller.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps hours that close after midnight, and a whole day as 00:00–00:00', async ({ t }) => {
    const late = {
      ...HOURS,
      saturday: [{ open: '10:00', close: '01:00' }],
      sunday: [{ open: '02:00', close: '02:00' }],
    };
    const seller = await aDealer(t, { hours: late });
    expect((await mine(t, seller)).json()).toMatchObject({ hours: late });
  });

  it('has no time zone, so no "open now", in a state that keeps two (Texas)', async ({ t }) => {
    const seller = await aDealer(t, { postalCode: '78701' });
    expect((await mine(t, seller)).json()).toMatchObject({
      place: { city: 'Austin', region: 'TX' },
      timeZone: null,
    });
  });

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    [
      'a range closing after midnight before a second one',
      {
        hours: {
          ...HOURS,
          monday: [
            { open: '18:00', close: '01:00' },
            { open: '02:00', close: '04:00' },
          ],
        },
      },
      { 'hours.monday.0.close': "Only the day's last range may close after midnight" },
    ],
    [
      "a night's hours running into the next day's",
      {
        hours: {
          ...HOURS,
          monday: [{ open: '18:00', close: '10:00' }],
          tuesday: [{ open: '09:00', close: '17:00' }],
        },
      },
      { 'hours.tuesday.0.open': "Opens before Monday's hours end at 10:00" },
    ],
    [
      'two ranges that overlap',
      {
        hours: {
          ...HOURS,
          friday: [
            { open: '09:00', close: '13:00' },
            { open: '12:00', close: '18:00' },
          ],
        },
      },
      { 'hours.friday.1.open': 'The second range must start after the first ends' },
    ],
    [
      'three ranges in a day',
      {
        hours: {
          ...HOURS,
          friday: [
            { open: '08:00', close: '09:00' },
            { open: '10:00', close: '11:00' },
            { open: '12:00', close: '13:00' },
          ],
        },
      },
      { 'hours.friday': 'A day has at most two opening ranges' },
    ],
    [
      'a time that is not one',
      { hours: { ...HOURS, monday: [{ open: '9am', close: '17:00' }] } },
      { 'hours.monday.0.open': 'Enter a time as HH:MM (24-hour)' },
    ],
    ['a week without Sunday', { hours: { ...HOURS, sunday: undefined } }, {}],
    [
      'a phone number that is not one',
      { phone: '555' },
      { phone: 'Enter a valid phone number, with its country code if it is not a US number' },
    ],
    [
      'a website of another scheme',
      { website: 'javascript:alert(1)' },
      { website: 'Enter a web address starting with https:// or http://' },
    ],
    [
      'a website without a host',
      { website: 'https://localhost' },
      { website: 'Enter a web address starting with https:// or http://' },
    ],
    ['an empty business name', { businessName: '   ' }, { businessName: 'Business name is required' }],
    [
      'a business name with a control character',
      { businessName: 'Sunset\u0007Motors' },
      { businessName: 'Business name cannot contain control or invisible characters' },
    ],
    [
      'an about text too long',
      { about: 'a'.repeat(2001) },
      { about: 'About must be at most 2000 characters' },
    ],
    ['a ZIP code of five letters', { postalCode: 'ABCDE' }, { postalCode: 'Enter a 5-digit ZIP code' }],
    [
      'a ZIP code nobody lives at',
      { postalCode: '00000' },
      { postalCode: "We don't know the ZIP code 00000" },
    ],
  ];
  for (const [what, overrides, fields] of refusals) {
    it(`refuses ${what} with a 400 at its field, and changes nothing`, async ({ t }) => {
      const seller = await aDealer(t);
      const before = await storedRow(t, seller.id);
      const res = await save(
        t,
        seller,
        profile({ ...overrides, businessName: overrides.businessName ?? 'Renamed Motors' }),
      );
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields ?? {}).toMatchObject(fields);
      expect(await storedRow(t, seller.id)).toEqual(before);
    });
  }

  it("refuses a logo that is not the seller's own upload (400), and shows the seller's own", async ({
    t,
    otherSeller,
  }) => {
    const seller = await aDealer(t);
    const before = await storedRow(t, seller.id);
    const theirs = await uploadedPhoto(t, otherSeller);
    const refused = await save(t, seller, profile({ logo: theirs }));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ logo: 'Upload the logo again' });
    expect(await storedRow(t, seller.id)).toEqual(before);

    const own = await uploadedPhoto(t, seller, { width: 800, height: 400 });
    const res = await save(t, seller, profile({ logo: own }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as Dealer).logo).toMatchObject({ key: own, width: 480, height: 240 });
    expect((await sellerPage(t, seller.id)).dealer?.logo?.src).toContain(own);
  });

  it("keeps a dealer's logo from the photo cleanup, and lets a replaced one go", async ({ t }) => {
    const seller = await signUpUser(t, 'Seller');
    const first = await uploadedPhoto(t, seller);
    const second = await uploadedPhoto(t, seller);
    expect((await save(t, seller, profile({ logo: first }))).statusCode).toBe(200);
    expect((await save(t, seller, profile({ logo: second }))).statusCode).toBe(200);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.db
      .update(photos)
      .set({ createdAt: twoDaysAgo })
      .where(sql`${photos.key} in (${first}, ${second})`);
    const { removed } = (await runJob(t, 'photos.cleanup')) as { removed: string[] };
    expect(removed).toContain(first);
    expect(removed).not.toContain(second);
    expect((await sellerPage(t, seller.id)).dealer?.logo?.key).toBe(second);
  });

  it('tells the caches that show sellers (user.changed) when the profile changes', async ({ t }) => {
    const seller = await signUpUser(t, 'Seller');
    const told: string[] = [];
    const stop = t.context.database.events.subscribe('user.changed', ({ userId, change }) => {
      if (userId === seller.id) told.push(change);
    });
    try {
      await save(t, seller, profile());
      await goPrivate(t, seller);
      await vi.waitFor(() => expect(told).toEqual(['dealer', 'dealer']));
    } finally {
      stop();
    }
  });
});

describe('going back to private (DELETE /api/me/dealer)', () => {
  it('removes the profile from the seller page; a second time removes nothing', async ({ t }) => {
    const seller = await aDealer(t);
    const res = await goPrivate(t, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await sellerPage(t, seller.id)).dealer).toBeNull();
    expect((await mine(t, seller)).json()).toBeNull();
    expect((await goPrivate(t, seller)).json()).toEqual({ deletedCount: 0 });
  });

  it("drops a verified dealer's verification, logged, and leaves the private seller's badge as it was", async ({
    t,
    admin,
  }) => {
    const seller = await aDealer(t, {}, admin);
    const privateBadge = (await sellerPage(t, seller.id)).verified;
    await goPrivate(t, seller);
    expect((await sellerPage(t, seller.id)).verified).toBe(privateBadge);
    const [last] = await history(t, admin, seller.id);
    expect(last).toMatchObject({
      action: 'dropped',
      admin: null,
      note: 'The dealer went back to selling privately.',
    });
    // Becoming a dealer again starts unverified.
    expect((await save(t, seller, profile())).json()).toMatchObject({ verifiedAt: null });
  });
});

describe('an admin verifying a dealer (PUT /api/user/dealers/:id/verification)', () => {
  it('verifies with a note: the seller page shows when; the private verification stays as it was', async ({
    t,
    admin,
  }) => {
    const seller = await aDealer(t);
    const privateBadge = (await sellerPage(t, seller.id)).verified;
    const res = await setVerified(t, admin, seller.id, {
      verified: true,
      note: 'Dealer licence 12345 checked',
    });
    expect(res.statusCode).toBe(200);
    const { verifiedAt } = res.json() as Dealer;
    expect(Date.parse(verifiedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const page = await sellerPage(t, seller.id);
    expect(page.dealer?.verifiedAt).toBe(verifiedAt);
    expect(page.verified).toBe(privateBadge);
    expect((await storedRow(t, seller.id))?.verifiedBy).toBe(admin.id);
  });

  it('answers 409 to verifying a verified dealer or revoking an unverified one, and logs neither', async ({
    t,
    admin,
  }) => {
    const seller = await aDealer(t, {}, admin);
    const again = await setVerified(t, admin, seller.id, { verified: true, note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('The dealer is already verified.');
    expect(
      (await setVerified(t, admin, seller.id, { verified: false, note: 'Licence expired' })).statusCode,
    ).toBe(200);
    expect((await sellerPage(t, seller.id)).dealer?.verifiedAt).toBeNull();
    const twice = await setVerified(t, admin, seller.id, { verified: false, note: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('The dealer is not verified.');
    expect((await history(t, admin, seller.id)).map((entry) => entry.action)).toEqual([
      'revoked',
      'verified',
    ]);
  });

  it('answers 404 for a seller who is not a dealer, and for a buyer', async ({ t, admin, buyer }) => {
    const privateSeller = await signUpUser(t, 'Seller');
    for (const id of [privateSeller.id, buyer.id, 'no-such-user']) {
      const res = await setVerified(t, admin, id, { verified: true, note: 'Checked' });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe('The dealer was not found.');
    }
  });

  it('refuses a missing or blank note (400) and changes nothing', async ({ t, admin }) => {
    const seller = await aDealer(t);
    for (const body of [
      { verified: true },
      { verified: true, note: '  ' },
      { verified: 'yes', note: 'Checked' },
    ]) {
      const res = await setVerified(t, admin, seller.id, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await storedRow(t, seller.id))?.verifiedAt).toBeNull();
    expect(await history(t, admin, seller.id)).toEqual([]);
  });

  it('is for admins: the dealer themself and other sellers are refused, and nothing changes', async ({
    t,
    otherSeller,
    buyer,
  }) => {
    const seller = await aDealer(t);
    for (const user of [seller, otherSeller, buyer]) {
      expect((await setVerified(t, user, seller.id, { verified: true, note: 'Me' })).statusCode).toBe(403);
      const read = await as(t, user, { method: 'GET', url: `/api/user/dealers/${seller.id}/verifications` });
      expect(read.statusCode).toBe(403);
    }
    expect((await setVerified(t, undefined, seller.id, { verified: true, note: 'Me' })).statusCode).toBe(401);
    expect((await storedRow(t, seller.id))?.verifiedAt).toBeNull();
    expect(
      await t.db.select().from(dealerVerifications).where(eq(dealerVerifications.sellerId, seller.id)),
    ).toEqual([]);
  });
});

describe("a verified dealer's changes", () => {
  it('keep the verification when the hours, phone, website, logo or about text change', async ({
    t,
    admin,
  }) => {
    const seller = await aDealer(t, {}, admin);
    const res = await save(
      t,
      seller,
      profile({
        hours: { ...HOURS, sunday: WEEKDAY },
        phone: '+1 310 555 0199',
        website: '',
        about: 'New text',
      }),
    );
    expect((res.json() as Dealer).verifiedAt).not.toBeNull();
    expect(await history(t, admin, seller.id)).toHaveLength(1);
  });

  it('drop it when the business name changes, logged with what changed', async ({ t, admin, otherAdmin }) => {
    const seller = await aDealer(t, {}, admin);
    const res = await save(t, seller, profile({ businessName: 'Sunrise Motors' }));
    expect((res.json() as Dealer).verifiedAt).toBeNull();
    expect((await storedRow(t, seller.id))?.verifiedBy).toBeNull();
    const entries = await history(t, otherAdmin, seller.id);
    expect(entries.map(({ action, admin: by }) => [action, by?.name ?? null])).toEqual([
      ['dropped', null],
      ['verified', admin.name],
    ]);
    expect(entries[0]!.note).toBe('The business name changed from “Sunset Motors” to “Sunrise Motors”.');
    expect(entries[1]!.note).toBe('Checked');
  });

  it('drop it when the address changes (the street or the ZIP code)', async ({ t, admin }) => {
    for (const change of [{ street: '1 Rodeo Dr' }, { postalCode: '60611' }]) {
      const seller = await aDealer(t, {}, admin);
      const res = await save(t, seller, profile(change));
      expect((res.json() as Dealer).verifiedAt).toBeNull();
      const [dropped] = await history(t, admin, seller.id);
      expect(dropped).toMatchObject({ action: 'dropped' });
      expect(dropped!.note).toMatch(
        /^The address changed from “9000 Wilshire Blvd, Beverly Hills, CA 90210” to “/,
      );
    }
  });
});

describe('the verification history (GET /api/user/dealers/:id/verifications)', () => {
  it('lists every verification and revocation, newest first, with the admin and the note', async ({
    t,
    admin,
    otherAdmin,
  }) => {
    const seller = await aDealer(t, {}, admin);
    await setVerified(t, otherAdmin, seller.id, { verified: false, note: 'Complaints about titles' });
    const entries = await history(t, admin, seller.id);
    expect(entries.map(({ action, note, admin: by }) => ({ action, note, by: by?.id }))).toEqual([
      { action: 'revoked', note: 'Complaints about titles', by: otherAdmin.id },
      { action: 'verified', note: 'Checked', by: admin.id },
    ]);
    expect(Date.parse(entries[0]!.at)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.at));
  });

  it('comes a page at a time', async ({ t, admin }) => {
    const seller = await aDealer(t, {}, admin);
    await setVerified(t, admin, seller.id, { verified: false, note: 'Revoked' });
    const url = `/api/user/dealers/${seller.id}/verifications?limit=1`;
    const first = (await as(t, admin, { method: 'GET', url })).json() as Page<DealerVerification>;
    expect(first.items.map((entry) => entry.note)).toEqual(['Revoked']);
    const next = `${url}&cursor=${first.nextCursor}`;
    const second = (await as(t, admin, { method: 'GET', url: next })).json() as Page<DealerVerification>;
    expect(second).toMatchObject({ items: [{ note: 'Checked' }], nextCursor: null });
  });

  it('answers 404 for an account that is not a seller', async ({ t, admin, buyer }) => {
    const res = await as(t, admin, { method: 'GET', url: `/api/user/dealers/${buyer.id}/verifications` });
    expect(res.statusCode).toBe(404);
  });
});

describe("the admins' list of sellers", () => {
  it('marks the dealers, with their business name and whether they are verified', async ({ t, admin }) => {
    const verified = await aDealer(t, { businessName: 'Listed Verified Motors' }, admin);
    const unverified = await aDealer(t, { businessName: 'Listed Motors' });
    const privateSeller = await signUpUser(t, 'Seller');
    const res = await as(t, admin, { method: 'GET', url: '/api/user/sellers?limit=50' });
    const items = (res.json() as { items: { id: string; dealer: unknown }[] }).items;
    const dealerOf = (id: string) => items.find((item) => item.id === id)?.dealer;
    expect(dealerOf(verified.id)).toEqual({ businessName: 'Listed Verified Motors', verified: true });
    expect(dealerOf(unverified.id)).toEqual({ businessName: 'Listed Motors', verified: false });
    expect(dealerOf(privateSeller.id)).toBeNull();
  });
});
