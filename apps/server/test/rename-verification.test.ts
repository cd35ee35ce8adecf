/**
 * A verified seller cannot rename into someone else (issue 16, item 8): a name change clears the
 * verification in the same write, the admin lists say whose name was verified, and an admin re-verifies.
 */
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createCar } from './factories.ts';
import { it } from './fixtures.ts';
import { as, renameUser, signUpUser, type TestApp, type TestUser, whoAmI } from './helpers.ts';

async function listed(t: TestApp, admin: TestUser, role: 'buyers' | 'sellers', id: string) {
  const res = await as(t, admin, { method: 'GET', url: `/api/user/${role}` });
  expect(res.statusCode).toBe(200);
  return (
    res.json().items as { id: string; name: string; isVerified: boolean; renamedFrom: string | null }[]
  ).find((u) => u.id === id);
}

describe('renaming a verified seller', () => {
  it('clears the verification, on the seller and on their cars, and shows the verified name to admins', async ({
    t,
    admin,
  }) => {
    const seller = await signUpUser(t, 'Seller', { name: 'Trusted Motors', isVerified: true });
    const car = await createCar(t, seller);
    const carAnswer = async () =>
      (await as(t, admin, { method: 'GET', url: `/api/cars/id/${car.id}` })).json() as {
        seller: string;
        sellerVerified: boolean;
      };
    expect(await carAnswer()).toMatchObject({ seller: 'Trusted Motors', sellerVerified: true });

    const res = await renameUser(t, seller, 'Official Redline Dealer');
    expect(res.statusCode, res.body).toBe(200);

    expect(await whoAmI(t, seller)).toMatchObject({ name: 'Official Redline Dealer', isVerified: false });
    expect(await carAnswer()).toMatchObject({ seller: 'Official Redline Dealer', sellerVerified: false });
    expect(await listed(t, admin, 'sellers', seller.id)).toMatchObject({
      name: 'Official Redline Dealer',
      isVerified: false,
      renamedFrom: 'Trusted Motors',
    });

    // Renamed again before an admin looked: the name that was verified stays.
    await renameUser(t, seller, 'Another Name');
    expect((await listed(t, admin, 'sellers', seller.id))?.renamedFrom).toBe('Trusted Motors');

    const verified = await as(t, admin, { method: 'PATCH', url: `/api/user/sellers/${seller.id}` });
    expect(verified.statusCode).toBe(200);
    expect(await listed(t, admin, 'sellers', seller.id)).toMatchObject({
      isVerified: true,
      renamedFrom: null,
    });
    expect(await carAnswer()).toMatchObject({ sellerVerified: true });
  });

  it('clears it whichever path writes the name (the database enforces it)', async ({ t }) => {
    const seller = await signUpUser(t, 'Seller', { name: 'Direct Write', isVerified: true });
    await t.db.update(users).set({ name: 'Changed Elsewhere' }).where(eq(users.id, seller.id));
    const row = await t.db.query.users.findFirst({ where: eq(users.id, seller.id) });
    expect(row).toMatchObject({ isVerified: false, renamedFrom: 'Direct Write' });
  });

  it('keeps the verification when the name stays the same', async ({ t, admin }) => {
    const seller = await signUpUser(t, 'Seller', { name: 'Same Name', isVerified: true });
    const res = await renameUser(t, seller, 'Same Name');
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed(t, admin, 'sellers', seller.id)).toMatchObject({
      isVerified: true,
      renamedFrom: null,
    });
  });

  it('marks nothing when an unverified buyer renames', async ({ t, admin }) => {
    const buyer = await signUpUser(t, 'Buyer', { name: 'Plain Buyer' });
    expect((await renameUser(t, buyer, 'Plain Buyer Renamed')).statusCode).toBe(200);
    expect(await listed(t, admin, 'buyers', buyer.id)).toMatchObject({
      isVerified: false,
      renamedFrom: null,
    });
  });
});
