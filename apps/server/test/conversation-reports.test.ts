/**
 * Reporting a conversation (issue 20): a participant reports it once; every admin is told; the
 * admins may then read it (never write in it) until they dismiss the reports.
 */
import { randomUUID } from 'node:crypto';
import type { MessagePage, ReportedConversation } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { conversationReports, notifications } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, type TestApp, type TestUser } from './helpers.ts';

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    seller: { name: 'Sam Seller' },
    buyer: { name: 'Bea Buyer' },
  },
);

/** A new conversation between the buyer and the seller about a new car, with one message each. */
async function aConversation(t: TestApp, seller: TestUser, buyer: TestUser) {
  const car = await createCar(t, seller, { year: 2019, brand: 'BMW', model: 'M3' });
  const res = await as(t, buyer, {
    method: 'POST',
    url: '/api/conversations',
    payload: { carId: car.id, message: 'Is it still available?' },
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json() as { id: string };
  expect((await send(t, seller, id, 'Yes. Pay a deposit by gift card.')).statusCode).toBe(201);
  return { id, car };
}

const report = (
  t: TestApp,
  user: TestUser | undefined,
  id: string,
  payload: object = { reason: 'Scam or fraud' },
) => as(t, user, { method: 'POST', url: `/api/conversations/${id}/report`, payload });
const send = (t: TestApp, user: TestUser | undefined, id: string, body: string) =>
  as(t, user, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body } });
const thread = (t: TestApp, user: TestUser | undefined, id: string) =>
  as(t, user, { method: 'GET', url: `/api/conversations/${id}/messages` });
const reported = (t: TestApp, user: TestUser | undefined, query = '') =>
  as(t, user, { method: 'GET', url: `/api/conversations/reported${query}` });
const dismiss = (t: TestApp, user: TestUser | undefined, id: string) =>
  as(t, user, { method: 'DELETE', url: `/api/conversations/${id}/reports` });
const reportsOf = (t: TestApp, id: string) =>
  t.db.select().from(conversationReports).where(eq(conversationReports.conversationId, id));
const reportNotes = (t: TestApp, user: TestUser) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'conversation.reported')));

describe('POST /api/conversations/:id/report', () => {
  it('requires a session', async ({ t, seller, buyer }) => {
    const { id } = await aConversation(t, seller, buyer);
    expect((await report(t, undefined, id)).statusCode).toBe(401);
  });

  it('lets either participant report once: 201 with the id, then 409 changing nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const { id } = await aConversation(t, seller, buyer);
    const first = await report(t, seller, id, { reason: 'Harassment', details: 'Rude messages.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String) });
    const again = await report(t, seller, id, { reason: 'Spam' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already reported this conversation.');
    expect(await reportsOf(t, id)).toMatchObject([{ reason: 'Harassment', details: 'Rude messages.' }]);
    expect((await report(t, buyer, id)).statusCode).toBe(201);
    expect(await reportsOf(t, id)).toHaveLength(2);
  });

  it('answers 404 to anyone else, admins included, and for a conversation that does not exist', async ({
    t,
    seller,
    buyer,
    otherBuyer,
    admin,
  }) => {
    const { id } = await aConversation(t, seller, buyer);
    for (const user of [otherBuyer, admin]) {
      const res = await report(t, user, id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe((await report(t, user, randomUUID())).json().error.message);
    }
    expect(await reportsOf(t, id)).toHaveLength(0);
  });

  it('refuses an invalid report with 400 and stores nothing', async ({ t, seller, buyer }) => {
    const { id } = await aConversation(t, seller, buyer);
    for (const payload of [
      {},
      { reason: 'Boring' },
      { reason: 'Other' },
      { reason: 'Other', details: '   ' },
      { reason: 'Spam', details: 'x'.repeat(1001) },
    ]) {
      expect((await report(t, buyer, id, payload)).statusCode).toBe(400);
    }
    expect(await reportsOf(t, id)).toHaveLength(0);
  });

  it('tells every admin exactly once, linking to the reported conversations', async ({
    t,
    seller,
    buyer,
    admin,
    otherAdmin,
  }) => {
    const before = [(await reportNotes(t, admin)).length, (await reportNotes(t, otherAdmin)).length];
    const { id } = await aConversation(t, seller, buyer);
    await report(t, buyer, id, { reason: 'Scam or fraud', details: 'Asked for gift cards.' });
    await report(t, buyer, id);
    for (const [index, user] of [admin, otherAdmin].entries()) {
      const notes = await reportNotes(t, user);
      expect(notes).toHaveLength(before[index]! + 1);
      expect(notes.at(-1)).toMatchObject({
        title: 'Conversation reported by Bea Buyer',
        body: 'About the 2019 BMW M3: Scam or fraud',
        link: '/dash/admin/reported-conversations',
      });
    }
    expect(await reportNotes(t, seller)).toHaveLength(0);
    expect(await reportNotes(t, buyer)).toHaveLength(0);
  });

  it('tells nobody of a report whose transaction rolls back', async ({ t, seller, buyer, admin }) => {
    const { id } = await aConversation(t, seller, buyer);
    const before = (await reportNotes(t, admin)).length;
    await expect(
      t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(conversationReports)
          .values({ conversationId: id, reporterId: buyer.id, reason: 'Spam' })
          .returning();
        await publish(tx, 'conversation.reported', { reportId: row!.id });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await reportNotes(t, admin)).toHaveLength(before);
    expect(await reportsOf(t, id)).toHaveLength(0);
  });
});

describe("the admins' read access", () => {
  it('appears with a report and goes with the dismissal; an admin never writes', async ({
    t,
    seller,
    buyer,
    otherBuyer,
    admin,
  }) => {
    const { id } = await aConversation(t, seller, buyer);
    expect((await thread(t, admin, id)).statusCode).toBe(404);

    await report(t, buyer, id);
    const read = await thread(t, admin, id);
    expect(read.statusCode).toBe(200);
    const page = read.json() as MessagePage;
    // Read as the buyer would: the buyer's messages are "from me", the seller is the other party.
    expect(page.conversation).toMatchObject({ id, otherParty: { name: 'Sam Seller' } });
    expect(page.items.map((m) => [m.body, m.fromMe])).toEqual([
      ['Yes. Pay a deposit by gift card.', false],
      ['Is it still available?', true],
    ]);
    // Both people are named to the admin, each with their role; the participants are not told twice.
    expect(page.participants).toEqual({
      buyer: { id: buyer.id, name: 'Bea Buyer', verified: false },
      seller: { id: seller.id, name: 'Sam Seller', verified: false },
    });
    expect((await thread(t, otherBuyer, id)).statusCode).toBe(404);
    expect((await send(t, admin, id, 'Admin here.')).statusCode).toBe(404);
    // Reading as an admin marks nothing read for the buyer.
    const buyerList = (await as(t, buyer, { method: 'GET', url: '/api/conversations' })).json();
    expect(buyerList.items.find((c: { id: string }) => c.id === id).unread).toBe(1);
    for (const participant of [buyer, seller])
      expect((await thread(t, participant, id)).json().participants).toBeNull();

    const dismissed = await dismiss(t, admin, id);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ deletedCount: 1 });
    expect((await thread(t, admin, id)).statusCode).toBe(404);
    expect((await thread(t, buyer, id)).statusCode).toBe(200);
  });
});

describe('GET /api/conversations/reported', () => {
  it('is for admins only', async ({ t, seller, buyer }) => {
    expect((await reported(t, undefined)).statusCode).toBe(401);
    for (const user of [buyer, seller]) expect((await reported(t, user)).statusCode).toBe(403);
  });

  it('pages reported conversations, the most recently reported first, with their reports', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const first = await aConversation(t, seller, buyer);
    const second = await aConversation(t, seller, buyer);
    await report(t, buyer, first.id, { reason: 'Spam' });
    await report(t, seller, second.id, { reason: 'Harassment', details: 'Threats.' });
    await report(t, seller, first.id, { reason: 'Other', details: 'Strange offers.' });

    const res = await reported(t, admin, '?limit=1');
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: ReportedConversation[]; nextCursor: string | null };
    expect(page.items).toEqual([
      {
        id: first.id,
        carId: first.car.id,
        carName: '2019 BMW M3',
        buyer: { name: 'Bea Buyer', email: buyer.email },
        seller: { name: 'Sam Seller', email: seller.email },
        reports: [
          {
            reason: 'Other',
            details: 'Strange offers.',
            reporterName: 'Sam Seller',
            createdAt: expect.any(String),
          },
          { reason: 'Spam', details: '', reporterName: 'Bea Buyer', createdAt: expect.any(String) },
        ],
      },
    ]);
    const next = (await reported(t, admin, `?limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.items[0]).toMatchObject({ id: second.id, reports: [{ reason: 'Harassment' }] });
  });
});

describe('DELETE /api/conversations/:id/reports', () => {
  it('is for admins only, and answers 404 for a conversation without reports', async ({
    t,
    seller,
    buyer,
    admin,
  }) => {
    const { id } = await aConversation(t, seller, buyer);
    await report(t, buyer, id);
    expect((await dismiss(t, undefined, id)).statusCode).toBe(401);
    for (const user of [buyer, seller]) expect((await dismiss(t, user, id)).statusCode).toBe(403);
    expect(await reportsOf(t, id)).toHaveLength(1);
    expect((await dismiss(t, admin, randomUUID())).statusCode).toBe(404);
    expect((await dismiss(t, admin, 'not-an-id')).statusCode).toBe(404);
    expect((await dismiss(t, admin, id)).json()).toEqual({ deletedCount: 1 });
    expect((await dismiss(t, admin, id)).statusCode).toBe(404);
    expect((await reported(t, admin)).json().items.map((c: { id: string }) => c.id)).not.toContain(id);
  });
});
