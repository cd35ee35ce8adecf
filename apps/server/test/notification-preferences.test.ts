/**
 * Notification preferences (issue 20): each signed-in user reads and sets the kinds of their role;
 * anything else is refused with 400 and changes nothing. An e-mail's unsubscribe link stops its kind
 * (or every kind) without a sign-in, by a POST only; a forged or altered link is refused.
 */
import { NOTIFICATION_KINDS, type NotificationPreference, notificationTypesFor } from '@redline/shared';
import { describe, expect } from 'vitest';
import { authSecret } from '../src/config/auth-secret.ts';
import { unsubscribeToken } from '../src/modules/notifications/unsubscribe-token.ts';
import { it } from './fixtures.ts';
import { as, errorOf, sameBytesSpellings, signUpUser, type TestApp, type TestUser } from './helpers.ts';

const read = (t: TestApp, user: TestUser | undefined) =>
  as(t, user, { method: 'GET', url: '/api/notifications/preferences' });
const write = (t: TestApp, user: TestUser | undefined, payload: unknown) =>
  as(t, user, { method: 'PUT', url: '/api/notifications/preferences', payload: payload as object });
const itemsOf = async (t: TestApp, user: TestUser): Promise<NotificationPreference[]> =>
  (await read(t, user)).json().items;

const defaults = (user: TestUser) =>
  notificationTypesFor(user.role).map((type) => ({
    type,
    inApp: true,
    email: NOTIFICATION_KINDS[type].email,
  }));

describe('GET and PUT /api/notifications/preferences', () => {
  it('need a session', async ({ t }) => {
    expect((await read(t, undefined)).statusCode).toBe(401);
    expect(
      (await write(t, undefined, { items: [{ type: 'booking.paid', inApp: false, email: false }] }))
        .statusCode,
    ).toBe(401);
  });

  it("answer each user the kinds of their role, with the kinds' defaults until they change them", async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    for (const user of [buyer, seller, admin]) expect(await itemsOf(t, user)).toEqual(defaults(user));
    expect((await itemsOf(t, seller)).map((item) => item.type)).toEqual([
      'booking.requested',
      'booking.paid',
      'booking.cancelled',
      'account.verified',
      'message.received',
      'booking.time-agreed',
      'car.removed',
      'offer.made',
      'offer.accepted',
      'offer.withdrawn',
      'offer.expired',
      'offer.deposit-paid',
      'offer.purchase-confirmed',
      'review.received',
    ]);
    expect((await itemsOf(t, admin)).map((item) => item.type)).toEqual([
      'account.verified',
      'contact.received',
      'conversation.reported',
    ]);
  });

  it('set the kinds named, keep the others, and answer all of them', async ({ t, seller, buyer }) => {
    const res = await write(t, seller, {
      items: [
        { type: 'booking.paid', inApp: false, email: true },
        { type: 'message.received', inApp: true, email: false },
      ],
    });
    expect(res.statusCode).toBe(200);
    const expected = defaults(seller).map((item) =>
      item.type === 'booking.paid'
        ? { ...item, inApp: false }
        : item.type === 'message.received'
          ? { ...item, email: false }
          : item,
    );
    expect(res.json().items).toEqual(expected);
    expect(await itemsOf(t, seller)).toEqual(expected);
    // Another user's are their own.
    expect(await itemsOf(t, buyer)).toEqual(defaults(buyer));
  });

  it('refuse a kind of another role, an unknown kind, a kind twice or none, with 400, and change nothing', async ({
    t,
    buyer,
  }) => {
    const before = await itemsOf(t, buyer);
    const bad: [unknown, RegExp][] = [
      [
        {
          items: [
            { type: 'saved-car.sold', inApp: false, email: false },
            { type: 'booking.requested', inApp: false, email: false },
          ],
        },
        /Your account does not receive booking.requested/,
      ],
      [{ items: [{ type: 'car.exploded', inApp: false, email: false }] }, /not valid|invalid/i],
      [
        {
          items: [
            { type: 'saved-car.sold', inApp: false, email: false },
            { type: 'saved-car.sold', inApp: true, email: true },
          ],
        },
        /not valid|invalid/i,
      ],
      [{ items: [] }, /not valid|invalid/i],
      [{ items: [{ type: 'saved-car.sold', inApp: 'no', email: false }] }, /not valid|invalid/i],
      [{}, /not valid|invalid/i],
    ];
    for (const [payload, message] of bad) {
      const res = await write(t, buyer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toMatch(message);
    }
    expect(await itemsOf(t, buyer)).toEqual(before);
  });
});

describe('/api/notifications/unsubscribe', () => {
  const tokenOf = (t: TestApp, user: TestUser, kind: Parameters<typeof unsubscribeToken>[1]['kind']) =>
    unsubscribeToken(authSecret(t.context.config), { userId: user.id, kind });
  const state = (t: TestApp, token: string) =>
    as(t, undefined, {
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    });
  /** As a mail client's one-click unsubscribe posts it (RFC 8058): no cookie, a form body. */
  const oneClick = (t: TestApp, token: string) =>
    as(t, undefined, {
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const emailOf = async (t: TestApp, user: TestUser, type: string) =>
    (await itemsOf(t, user)).find((item) => item.type === type)?.email;

  it('GET says what the link stops and changes nothing; POST stops it, for that user and kind only', async ({
    t,
    buyer,
  }) => {
    const token = tokenOf(t, buyer, 'saved-car.price-dropped');
    for (let i = 0; i < 2; i++)
      expect((await state(t, token)).json()).toEqual({ kind: 'saved-car.price-dropped', email: true });
    expect(await emailOf(t, buyer, 'saved-car.price-dropped')).toBe(true);

    const res = await oneClick(t, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'saved-car.price-dropped', email: false });
    expect(await itemsOf(t, buyer)).toEqual(
      defaults(buyer).map((item) =>
        item.type === 'saved-car.price-dropped' ? { ...item, email: false } : item,
      ),
    );
    expect((await state(t, token)).json()).toEqual({ kind: 'saved-car.price-dropped', email: false });
    // Again: the same answer, nothing else changes.
    expect((await oneClick(t, token)).statusCode).toBe(200);
    const other = await signUpUser(t, 'Buyer');
    expect(await itemsOf(t, other)).toEqual(defaults(other));
  });

  it('a link of every kind stops every e-mail and leaves the app as it was', async ({ t }) => {
    const user = await signUpUser(t, 'Seller');
    await write(t, user, { items: [{ type: 'booking.paid', inApp: false, email: true }] });
    const res = await as(t, undefined, {
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${tokenOf(t, user, 'all')}`,
    });
    expect(res.json()).toEqual({ kind: 'all', email: false });
    expect(await itemsOf(t, user)).toEqual(
      defaults(user).map((item) => ({ ...item, inApp: item.type !== 'booking.paid', email: false })),
    );
  });

  it('refuses a forged, altered, foreign or missing token with 400 and changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const before = await itemsOf(t, seller);
    const good = tokenOf(t, seller, 'booking.requested');
    const [payload, signature] = good.split('.') as [string, string];
    const otherPayload = tokenOf(t, buyer, 'booking.requested').split('.')[0];
    const forged = [
      `${payload}.${'A'.repeat(signature.length)}`,
      `${otherPayload}.${signature}`,
      `${Buffer.from(`${seller.id}\nbooking.paid`).toString('base64url')}.${signature}`,
      unsubscribeToken('another-secret-of-at-least-32-characters', {
        userId: seller.id,
        kind: 'booking.requested',
      }),
      unsubscribeToken(authSecret(t.context.config), { userId: 'no-such-user', kind: 'all' }),
      payload,
      `${good}.x`,
      'not a token',
    ];
    for (const token of forged) {
      for (const res of [await state(t, token), await oneClick(t, token)]) {
        expect(res.statusCode, token).toBe(400);
        expect(errorOf(res).message).toMatch(/not valid/);
      }
    }
    for (const url of ['/api/notifications/unsubscribe', '/api/notifications/unsubscribe?token=']) {
      expect((await as(t, undefined, { method: 'POST', url })).statusCode).toBe(400);
    }
    expect(await itemsOf(t, seller)).toEqual(before);
  });

  it('accepts the signature only as it was written: other spellings of the same bytes are refused', async ({
    t,
    seller,
  }) => {
    const before = await itemsOf(t, seller);
    const good = tokenOf(t, seller, 'booking.paid');
    const [payload, signature] = good.split('.') as [string, string];
    const spellings = sameBytesSpellings(signature);
    // The last character carries 4 bits of the 32 bytes and 2 unused ones: three others decode the same.
    const lastCharacterChanged = spellings.filter(
      (spelling) => spelling.length === signature.length && spelling.slice(0, -1) === signature.slice(0, -1),
    );
    expect(lastCharacterChanged).toHaveLength(3);
    for (const spelling of spellings) {
      for (const res of [
        await state(t, `${payload}.${spelling}`),
        await oneClick(t, `${payload}.${spelling}`),
      ]) {
        expect(res.statusCode, spelling).toBe(400);
        expect(errorOf(res).message).toMatch(/not valid/);
      }
    }
    // As a link would carry them: `=` written as is, and percent-encoded.
    for (const query of [`token=${good}=`, `token=${good}%3D`, `token=${good}%3D%3D`]) {
      const res = await as(t, undefined, { method: 'GET', url: `/api/notifications/unsubscribe?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).message).toMatch(/not valid/);
    }
    expect(await itemsOf(t, seller)).toEqual(before);
    expect((await state(t, good)).statusCode).toBe(200);
  });
});
