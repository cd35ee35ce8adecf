import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { users } from '../src/db/schema.ts';
import { it } from './fixtures.ts';
import { as, cookieFrom, errorOf, signUpUser, TEST_PASSWORD, type TestUser, whoAmI } from './helpers.ts';

describe('GET /api/me', () => {
  it('answers null, not an error, to a signed-out visitor', async ({ t }) => {
    const res = await as(t, undefined, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('answers the signed-in user', async ({ t, buyer }) => {
    const res = await as(t, buyer, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: buyer.id,
      name: buyer.name,
      email: buyer.email,
      role: 'Buyer',
      isVerified: false,
      emailVerified: true,
      sellsFor: null,
      location: null,
    });
  });

  it('tells a seller whom they sell for: themselves, until they join a dealer (dealer-team.test.ts)', async ({
    t,
    seller,
  }) => {
    expect((await whoAmI(t, seller))!.sellsFor).toEqual({
      sellerId: seller.id,
      role: 'owner',
      businessName: null,
    });
  });

  it('answers null to the cookie of a session that has ended', async ({ t, buyer }) => {
    // A second session of the buyer, so the other tests keep theirs (and the user lists stay as they are).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: buyer.email, password: TEST_PASSWORD },
    });
    const user = { ...buyer, cookie: cookieFrom(signIn) };
    expect((await whoAmI(t, user))?.id).toBe(buyer.id);
    const out = await as(t, user, {
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(out.statusCode).toBe(200);
    const res = await as(t, user, { method: 'GET', url: '/api/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });
});

describe("PUT /api/me/location (a seller's default location)", () => {
  const put = (t: Parameters<typeof as>[0], user: TestUser | undefined, postalCode: unknown) =>
    as(t, user, { method: 'PUT', url: '/api/me/location', payload: { postalCode } });

  it('requires a session', async ({ t }) => {
    expect((await put(t, undefined, '90210')).statusCode).toBe(401);
  });

  it("sets the caller's own default location, which their GET /api/me carries and no one else's", async ({
    t,
    seller,
    buyer,
  }) => {
    const res = await put(t, seller, '94105-1420');
    expect(res.statusCode).toBe(200);
    const place = { postalCode: '94105', country: 'US', city: 'San Francisco', region: 'CA' };
    expect(res.json()).toEqual(place);
    expect((await as(t, seller, { method: 'GET', url: '/api/me' })).json()).toMatchObject({
      location: place,
    });
    expect((await as(t, buyer, { method: 'GET', url: '/api/me' })).json()).toMatchObject({
      location: null,
    });
    const row = await t.db.query.users.findFirst({ where: eq(users.id, seller.id) });
    expect(row).toMatchObject({ postalCode: '94105', country: 'US' });

    expect((await put(t, seller, null)).json()).toBeNull();
    expect((await as(t, seller, { method: 'GET', url: '/api/me' })).json()).toMatchObject({ location: null });
  });

  it('refuses a ZIP code the gazetteer does not know at its field, changing nothing', async ({
    t,
    seller,
  }) => {
    await put(t, seller, '60611');
    const res = await put(t, seller, '00000');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ postalCode: "We don't know the ZIP code 00000" });
    const malformed = await put(t, seller, 'Chicago');
    expect(errorOf(malformed).fields).toEqual({ postalCode: 'Enter a 5-digit ZIP code' });
    const row = await t.db.query.users.findFirst({ where: eq(users.id, seller.id) });
    expect(row?.postalCode).toBe('60611');
  });
});

describe('GET /api/users/:email', () => {
  it('requires a session', async ({ t, buyer }) => {
    expect((await as(t, undefined, { method: 'GET', url: `/api/users/${buyer.email}` })).statusCode).toBe(
      401,
    );
  });

  it('answers the user themself', async ({ t, buyer }) => {
    const res = await as(t, buyer, { method: 'GET', url: `/api/users/${buyer.email}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: buyer.id,
      name: buyer.name,
      email: buyer.email,
      role: 'Buyer',
      isVerified: false,
    });
  });

  it('hides other users from non-admins', async ({ t, buyer, otherBuyer }) => {
    const res = await as(t, otherBuyer, { method: 'GET', url: `/api/users/${buyer.email}` });
    expect(res.statusCode).toBe(404);
  });

  it('answers an admin', async ({ t, seller, admin }) => {
    const res = await as(t, admin, { method: 'GET', url: `/api/users/${seller.email.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('Seller');
  });
});

describe('POST /api/users', () => {
  it('cannot create or promote accounts', async ({ t, buyer }) => {
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/users',
      payload: { name: 'x', email: buyer.email, role: 'Admin', isVerified: true },
    });
    expect(res.statusCode).toBe(403);
    const row = await t.db.query.users.findFirst({ where: eq(users.id, buyer.id) });
    expect(row).toMatchObject({ role: 'Buyer', isVerified: false });
  });
});

describe('admin calls', () => {
  const adminCalls = (seller: TestUser, buyer: TestUser, otherBuyer: TestUser) => [
    { method: 'GET' as const, url: '/api/user/buyers' },
    { method: 'GET' as const, url: '/api/user/sellers' },
    { method: 'PATCH' as const, url: `/api/user/buyers/${buyer.id}` },
    { method: 'PATCH' as const, url: `/api/user/sellers/${seller.id}` },
    { method: 'DELETE' as const, url: `/api/users/${otherBuyer.email}` },
  ];

  it('are refused for buyers and sellers, and for visitors', async ({ t, seller, buyer, otherBuyer }) => {
    for (const call of adminCalls(seller, buyer, otherBuyer)) {
      expect((await as(t, undefined, call)).statusCode).toBe(401);
      expect((await as(t, buyer, call)).statusCode).toBe(403);
      expect((await as(t, seller, call)).statusCode).toBe(403);
    }
    const row = await t.db.query.users.findFirst({ where: eq(users.id, buyer.id) });
    expect(row?.isVerified).toBe(false);
  });

  it('list buyers and sellers for an admin, paginated', async ({ t, seller, buyer, otherBuyer, admin }) => {
    const buyers = await as(t, admin, { method: 'GET', url: '/api/user/buyers?limit=1' });
    expect(buyers.statusCode).toBe(200);
    expect(buyers.json().items).toHaveLength(1);
    expect(buyers.json().nextCursor).toEqual(expect.any(String));
    const next = await as(t, admin, {
      method: 'GET',
      url: `/api/user/buyers?limit=5&cursor=${buyers.json().nextCursor}`,
    });
    const emails = [...buyers.json().items, ...next.json().items].map((u: { email: string }) => u.email);
    expect(new Set(emails)).toEqual(new Set([buyer.email, otherBuyer.email]));
    const sellers = await as(t, admin, { method: 'GET', url: '/api/user/sellers' });
    expect(sellers.json().items.map((u: { email: string }) => u.email)).toEqual([seller.email]);
  });

  it('verify a buyer and a seller; the role in the path must match', async ({ t, seller, buyer, admin }) => {
    const wrongRole = await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${buyer.id}` });
    expect(wrongRole.statusCode).toBe(404);
    const res = await as(t, admin, { method: 'PATCH', url: `/api/user/buyers/${buyer.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().isVerified).toBe(true);
    await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${seller.id}` });
    const me = await as(t, seller, { method: 'GET', url: '/api/me' });
    expect(me.json().isVerified).toBe(true);
  });

  it('delete a user, whose session stops working at once', async ({ t, admin }) => {
    const doomed = await signUpUser(t, 'Buyer');
    const res = await as(t, admin, { method: 'DELETE', url: `/api/users/${doomed.email}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await whoAmI(t, doomed)).toBeNull();
  });

  it('never delete an admin or themself', async ({ t, admin }) => {
    const other = await signUpUser(t, 'Admin');
    expect((await as(t, admin, { method: 'DELETE', url: `/api/users/${other.email}` })).statusCode).toBe(403);
    const self = await as(t, admin, { method: 'DELETE', url: `/api/users/${admin.email}` });
    expect(self.statusCode).toBe(403);
    expect(errorOf(self).message).toMatch(/own account/);
  });
});
