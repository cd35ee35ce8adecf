/**
 * Messages between a buyer and a car's seller (issue 20): one conversation per buyer and car, its two
 * people alone read and write it (admins too are told it does not exist), unread counts, and one
 * notification to the recipient for a burst of messages.
 */
import { randomUUID } from 'node:crypto';
import type { Conversation, MessagePage } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { messages, notifications } from '../src/db/schema.ts';
import { createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, signUpUser, statusTally, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sam Seller', isVerified: true },
    buyer: { name: 'Bea Buyer' },
  },
);

const start = (t: TestApp, user: TestUser | undefined, carId: string, message: string) =>
  as(t, user, { method: 'POST', url: '/api/conversations', payload: { carId, message } });
const send = (t: TestApp, user: TestUser | undefined, id: string, body: string) =>
  as(t, user, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body } });
const thread = (t: TestApp, user: TestUser | undefined, id: string) =>
  as(t, user, { method: 'GET', url: `/api/conversations/${id}/messages` });
const list = async (t: TestApp, user: TestUser) => {
  const res = await as(t, user, { method: 'GET', url: '/api/conversations' });
  if (res.statusCode !== 200) console.log('LIST', res.statusCode, res.body);
  return res.json().items as Conversation[];
};
const messageNotes = (t: TestApp, user: TestUser) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'message.received')));

describe('a buyer asks the seller about a car', () => {
  it('opens one conversation per buyer and car, which both read, newest first, with what is unread', async ({
    t,
    seller,
    buyer,
    otherBuyer,
  }) => {
    const car = await createCar(t, seller, { year: 2021, brand: 'Porsche', model: '911 GT3' });
    const first = await start(t, buyer, car.id, 'Is the clutch original?');
    expect(first.statusCode).toBe(201);
    const { id } = first.json();
    const again = await start(t, buyer, car.id, 'And has it been tracked?');
    expect(again.json()).toEqual({ id });

    const sellerView = (await list(t, seller)).find((c) => c.id === id)!;
    expect(sellerView).toEqual({
      id,
      carId: car.id,
      carName: '2021 Porsche 911 GT3',
      carPhoto: expect.stringMatching(/^\/uploads\//),
      otherParty: { id: buyer.id, name: 'Bea Buyer', verified: false },
      lastMessage: { body: 'And has it been tracked?', sentAt: expect.any(String), fromMe: false },
      unread: 2,
    });
    const buyerView = (await list(t, buyer)).find((c) => c.id === id)!;
    expect(buyerView.otherParty).toEqual({ id: seller.id, name: 'Sam Seller', verified: true });
    expect(buyerView).toMatchObject({ unread: 0, lastMessage: { fromMe: true } });

    // The seller reads it (the first page marks it read) and replies.
    const read = await thread(t, seller, id);
    expect(read.statusCode).toBe(200);
    const page = read.json() as MessagePage;
    expect(page.items.map((m) => [m.body, m.fromMe])).toEqual([
      ['And has it been tracked?', false],
      ['Is the clutch original?', false],
    ]);
    expect(page.conversation.unread).toBe(0);
    expect((await send(t, seller, id, 'Original, never tracked.')).statusCode).toBe(201);
    expect((await list(t, seller)).find((c) => c.id === id)!.unread).toBe(0);
    expect((await list(t, buyer)).find((c) => c.id === id)).toMatchObject({
      unread: 1,
      lastMessage: { body: 'Original, never tracked.', fromMe: false },
    });
    expect((await list(t, otherBuyer)).some((c) => c.id === id)).toBe(false);
  });

  it('tells the recipient once for a burst of messages, and again once they have read it', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller, { year: 2019, brand: 'Audi', model: 'R8' });
    const before = (await messageNotes(t, seller)).length;
    const buyerBefore = (await messageNotes(t, buyer)).length;
    const { id } = (
      await start(t, buyer, car.id, 'Hello, is the R8 still available for a viewing this week?')
    ).json();
    await send(t, buyer, id, 'I could come on Saturday.');
    const told = (await messageNotes(t, seller)).slice(before);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Message from Bea Buyer',
      body: 'About the 2019 Audi R8: Hello, is the R8 still available for a viewing this week?',
      link: `/dash/messages/${id}`,
    });
    await as(t, seller, { method: 'POST', url: '/api/notifications/read', payload: {} });
    await send(t, buyer, id, 'Or Sunday.');
    expect((await messageNotes(t, seller)).slice(before)).toHaveLength(2);
    expect(await messageNotes(t, buyer)).toHaveLength(buyerBefore);
  });

  it('refuses a seller on their own car, a sold car and an unknown one', async ({ t, seller, buyer }) => {
    const car = await createCar(t, seller);
    expect((await start(t, seller, car.id, 'Talking to myself.')).statusCode).toBe(403);
    expect((await start(t, buyer, randomUUID(), 'Anyone there?')).statusCode).toBe(404);
    const sold = await createCar(t, seller, { soldAt: new Date() });
    const res = await start(t, buyer, sold.id, 'Is it still for sale?');
    expect(res.statusCode).toBe(409);
    expect((await list(t, buyer)).some((c) => c.carId === sold.id)).toBe(false);
  });
});

describe('reading a conversation', () => {
  it("tells the reader's other pages when it read something, and nobody when nothing was unread", async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const { id } = (await start(t, buyer, car.id, 'Does it come with a spare key?')).json();
    const told: string[][] = [];
    const stop = t.context.database.events.subscribe('conversations.changed', ({ userIds }) => {
      told.push(userIds);
    });
    try {
      expect((await thread(t, seller, id)).statusCode).toBe(200);
      expect((await thread(t, seller, id)).statusCode).toBe(200);
    } finally {
      stop();
    }
    // Once: a page told of the change asks again, which must not tell it again.
    expect(told).toEqual([[seller.id]]);
  });
});

describe('only its two people', () => {
  it('read and write a conversation: anyone else, admins included, is told it does not exist', async ({
    t,
    seller,
    buyer,
    otherBuyer,
    admin,
  }) => {
    const car = await createCar(t, seller);
    const { id } = (await start(t, buyer, car.id, 'A private question.')).json();
    const count = async () =>
      (await t.db.select().from(messages).where(eq(messages.conversationId, id))).length;
    for (const outsider of [otherBuyer, admin]) {
      expect((await thread(t, outsider, id)).statusCode).toBe(404);
      expect((await send(t, outsider, id, 'Let me in.')).statusCode).toBe(404);
    }
    expect((await thread(t, undefined, id)).statusCode).toBe(401);
    expect((await send(t, undefined, id, 'Let me in.')).statusCode).toBe(401);
    expect((await start(t, admin, car.id, 'An admin asks.')).statusCode).toBe(403);
    expect(await count()).toBe(1);
  });

  it('refuses an empty or over-long message with a message per field, and stores nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const car = await createCar(t, seller);
    const { id } = (await start(t, buyer, car.id, 'The first message.')).json();
    for (const body of ['', '   ', 'x'.repeat(2001)]) {
      const res = await send(t, buyer, id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 20)).toBe(400);
      expect(errorOf(res).fields).toHaveProperty('body');
    }
    const bad = await start(t, buyer, car.id, '');
    expect(errorOf(bad).fields).toHaveProperty('message');
    expect((await t.db.select().from(messages).where(eq(messages.conversationId, id))).length).toBe(1);
  });
});

describe('the message limit', () => {
  it('counts 30 messages a minute per user across new conversations and replies, the 31st of either kind refused', async ({
    t,
    seller,
  }) => {
    const sender = await signUpUser(t, 'Buyer');
    const cars = [await createCar(t, seller), await createCar(t, seller)];
    const { id } = (await start(t, sender, cars[0]!.id, 'Is it still for sale?')).json();
    const sent = [];
    for (let i = 1; i < 30; i += 1) {
      sent.push(
        i % 2 === 0
          ? (await start(t, sender, cars[i % 4 === 0 ? 0 : 1]!.id, `Question ${i}`)).statusCode
          : (await send(t, sender, id, `Reply ${i}`)).statusCode,
      );
    }
    expect(sent).toEqual(Array(29).fill(201));
    const reply = await send(t, sender, id, 'One more reply');
    expect(reply.statusCode).toBe(429);
    expect(Number(reply.headers['retry-after'])).toBeGreaterThan(0);
    expect((await start(t, sender, cars[1]!.id, 'One more question')).statusCode).toBe(429);
    // Another user's messages are counted apart: the seller still answers.
    expect((await send(t, seller, id, 'Yes, it is.')).statusCode).toBe(201);
  });

  it('lets exactly 30 of a burst of 40 simultaneous messages through, whichever route each takes', async ({
    t,
    seller,
  }) => {
    const sender = await signUpUser(t, 'Buyer');
    const car = await createCar(t, seller);
    const { id } = (await start(t, sender, car.id, 'Hello')).json();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0 ? start(t, sender, car.id, `Question ${i}`) : send(t, sender, id, `Reply ${i}`),
      ),
    );
    expect(statusTally(burst)).toEqual({ 201: 29, 429: 11 });
    expect((await t.db.select().from(messages).where(eq(messages.conversationId, id))).length).toBe(30);
  });
});
