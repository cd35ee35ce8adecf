/**
 * The record-level access helper (src/access/record-access.ts), permission by permission: who is
 * allowed, who is refused, and whether the refusal is a 403 or the 404 of a missing record.
 */
import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@redline/shared';
import { describe, expect } from 'vitest';
import { type Permission, requireAccess } from '../src/access/record-access.ts';
import { paymentIntents } from '../src/db/schema.ts';
import { AppError } from '../src/errors.ts';
import { createBooking, createCar } from './factories.ts';
import { it } from './fixtures.ts';
import type { TestApp, TestUser } from './helpers.ts';

const ACTORS = ['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const;
type Actor = (typeof ACTORS)[number];

const people = {} as Record<Actor | 'otherAdmin', TestUser>;
const ids = { car: '', booking: '', clientSecret: '' };

const userOf = (p: TestUser): SessionUser => ({
  id: p.id,
  name: p.name,
  email: p.email,
  role: p.role,
  isVerified: false,
  emailVerified: true,
  sellsFor: p.role === 'Seller' ? { sellerId: p.id, role: 'owner', businessName: null } : null,
});

/** "allowed", or the refusal as the client would see it: status and message. */
async function outcome(t: TestApp, actor: TestUser, permission: Permission, id: string): Promise<string> {
  try {
    await requireAccess(t.context, userOf(actor), { permission, id });
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.message}`;
    throw error;
  }
}

/** The outcome of one permission on one record for every actor. */
async function outcomes(t: TestApp, permission: Permission, id: string) {
  const result = {} as Record<Actor, string>;
  for (const actor of ACTORS) result[actor] = await outcome(t, people[actor], permission, id);
  return result;
}

it.beforeAll(async ({ t, seller, otherSeller, buyer, otherBuyer, admin, otherAdmin }) => {
  Object.assign(people, { buyer, otherBuyer, seller, otherSeller, admin, otherAdmin });
  const car = await createCar(t, people.seller);
  ids.car = car.id;
  ids.booking = (await createBooking(t, people.buyer, car, people.seller)).id;
  ids.clientSecret = `pi_test_${randomUUID()}_secret`;
  await t.db.insert(paymentIntents).values({
    id: `pi_test_${randomUUID()}`,
    clientSecret: ids.clientSecret,
    amount: 12_000,
    currency: 'usd',
    status: 'requires_payment_method',
    metadata: { bookingId: ids.booking, buyerId: people.buyer.id },
  });
});

describe('requireAccess on cars: everyone may see a car, so a refusal is a 403', () => {
  it('lets only its seller edit it', async ({ t }) => {
    expect(await outcomes(t, 'car.update', ids.car)).toEqual({
      buyer: '403 You can only edit your own cars.',
      otherBuyer: '403 You can only edit your own cars.',
      seller: 'allowed',
      otherSeller: '403 You can only edit your own cars.',
      admin: '403 You can only edit your own cars.',
    });
  });

  it('lets only its seller advertise it', async ({ t }) => {
    expect(await outcomes(t, 'car.advertise', ids.car)).toEqual({
      buyer: '403 You can only advertise your own cars.',
      otherBuyer: '403 You can only advertise your own cars.',
      seller: 'allowed',
      otherSeller: '403 You can only advertise your own cars.',
      admin: '403 You can only advertise your own cars.',
    });
  });

  it('lets its seller and an admin delete it', async ({ t }) => {
    expect(await outcomes(t, 'car.delete', ids.car)).toEqual({
      buyer: '403 You can only delete your own cars.',
      otherBuyer: '403 You can only delete your own cars.',
      seller: 'allowed',
      otherSeller: '403 You can only delete your own cars.',
      admin: 'allowed',
    });
  });

  it('answers 404 for a car that does not exist, or an id that cannot name one', async ({ t }) => {
    for (const id of [randomUUID(), 'not-a-car-id']) {
      expect(await outcome(t, people.seller, 'car.update', id)).toBe('404 The car was not found.');
    }
  });
});

describe('requireAccess on bookings: only its buyer, its seller and admins may know it exists', () => {
  const missing = '404 The booking was not found.';

  it('lets its buyer, its seller and an admin read it; anyone else is told it does not exist', async ({
    t,
  }) => {
    expect(await outcomes(t, 'booking.read', ids.booking)).toEqual({
      buyer: 'allowed',
      otherBuyer: missing,
      seller: 'allowed',
      otherSeller: missing,
      admin: 'allowed',
    });
  });

  it('lets its buyer and an admin cancel it; its seller, who sees it, gets a 403', async ({ t }) => {
    expect(await outcomes(t, 'booking.cancel', ids.booking)).toEqual({
      buyer: 'allowed',
      otherBuyer: missing,
      seller: "403 Only the booking's buyer can cancel it.",
      otherSeller: missing,
      admin: 'allowed',
    });
  });

  it('lets only its buyer pay for it', async ({ t }) => {
    expect(await outcomes(t, 'booking.pay', ids.booking)).toEqual({
      buyer: 'allowed',
      otherBuyer: missing,
      seller: "403 Only the booking's buyer can pay for it.",
      otherSeller: missing,
      admin: "403 Only the booking's buyer can pay for it.",
    });
  });

  it("answers someone else's booking word for word as a booking that does not exist", async ({ t }) => {
    expect(await outcome(t, people.otherBuyer, 'booking.read', ids.booking)).toBe(
      await outcome(t, people.otherBuyer, 'booking.read', randomUUID()),
    );
  });
});

describe('requireAccess on test-mode payments', () => {
  it('lets only the buyer the payment was made for confirm it', async ({ t }) => {
    const missing = '404 The payment was not found.';
    expect(await outcomes(t, 'payment.confirm', ids.clientSecret)).toEqual({
      buyer: 'allowed',
      otherBuyer: missing,
      seller: missing,
      otherSeller: missing,
      admin: missing,
    });
    expect(await outcome(t, people.buyer, 'payment.confirm', 'pi_unknown_secret')).toBe(missing);
  });
});

describe('requireAccess on accounts', () => {
  it('lets a user and an admin read the account; anyone else is told it does not exist', async ({ t }) => {
    const missing = '404 The user was not found.';
    expect(await outcomes(t, 'user.read', people.buyer.email)).toEqual({
      buyer: 'allowed',
      otherBuyer: missing,
      seller: missing,
      otherSeller: missing,
      admin: 'allowed',
    });
    expect(await outcome(t, people.otherBuyer, 'user.read', 'nobody@example.test')).toBe(missing);
  });

  it('lets an admin delete a buyer or a seller, but not themself or another admin (403: admins see every account)', async ({
    t,
  }) => {
    const { admin } = people;
    expect(await outcome(t, admin, 'user.delete', people.buyer.email)).toBe('allowed');
    expect(await outcome(t, admin, 'user.delete', people.seller.email)).toBe('allowed');
    expect(await outcome(t, admin, 'user.delete', admin.email)).toBe(
      '403 You cannot delete your own account here.',
    );
    expect(await outcome(t, admin, 'user.delete', people.otherAdmin.email)).toBe(
      '403 Admin accounts cannot be deleted.',
    );
    expect(await outcome(t, admin, 'user.delete', 'nobody@example.test')).toBe('404 The user was not found.');
  });
});

describe('requireAccess on lists named by e-mail', () => {
  const lists = [
    ['buyer.bookings', 'buyer', 'otherBuyer', 'You can only see your own list.'],
    ['buyer.savedCars', 'buyer', 'otherBuyer', 'You can only see your own list.'],
    ['seller.bookings', 'seller', 'otherSeller', 'You can only see your own list.'],
    ['seller.cars', 'seller', 'otherSeller', 'You can only list your own cars.'],
  ] as const;

  for (const [permission, owner, other, refusal] of lists) {
    it(`${permission}: the owner and an admin get the owner; another user gets a 403, whether or not the account exists`, async ({
      t,
    }) => {
      const { email } = people[owner];
      const granted = await requireAccess(t.context, userOf(people[owner]), { permission, id: email });
      expect(granted.id).toBe(people[owner].id);
      const asAdmin = await requireAccess(t.context, userOf(people.admin), { permission, id: email });
      expect(asAdmin).toEqual({
        id: people[owner].id,
        name: people[owner].name,
        email,
        role: people[owner].role,
      });
      expect(await outcome(t, people[other], permission, email)).toBe(`403 ${refusal}`);
      expect(await outcome(t, people[other], permission, 'nobody@example.test')).toBe(`403 ${refusal}`);
    });
  }

  it('answers an admin 404 for an e-mail without an account of the list’s role', async ({ t }) => {
    expect(await outcome(t, people.admin, 'buyer.bookings', 'nobody@example.test')).toBe(
      '404 The buyer was not found.',
    );
    expect(await outcome(t, people.admin, 'buyer.savedCars', people.seller.email)).toBe(
      '404 The buyer was not found.',
    );
    expect(await outcome(t, people.admin, 'seller.cars', people.buyer.email)).toBe(
      '404 The seller was not found.',
    );
  });
});
