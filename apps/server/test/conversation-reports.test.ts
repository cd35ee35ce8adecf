/**
 * Reporting a conversation (issue 20): a participant reports it once; every admin is told; the
 * admins may then read it (never write in it) until they dismiss the reports.
 */
import { randomUUID } from 'node:crypto';
import type { MessagePage, ReportedConversation } from '@redline/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationReports, notifications } from '../src/db/schema.ts';
import { publish } from '../src/events/index.ts';
import { createCar } from './factories.ts';
import { as, createTestApp, errorOf, signUpUser, type TestApp, type TestUser } from './helpers.ts';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let otherBuyer: TestUser;
let admin: TestUser;
let otherAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signUpUser(t, 'Seller', { name: 'Sam Seller' });
  buyer = await signUpUser(t, 'Buyer', { name: 'Bea Buyer' });
  otherBuyer = await signUpUser(t, 'Buyer');
  admin = await signUpUser(t, 'Admin');
  otherAdmin = await signUpUser(t, 'Admin');
});
afterAll(() => t.close());

/** A new conversation between the buyer and the seller about a new car, with one message each. */
async function aConversation() {
  const car = await createCar(t, seller, { year: 2019, brand: 'BMW', model: 'M3' });
  const res = await as(t, buyer, {
    method: 'POST',
    url: '/api/conversations',
    payload: { carId: car.id, message: 'Is it still available?' },
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json() as { id: string };
  expect((await send(seller, id, 'Yes. Pay a deposit by gift card.')).statusCode).toBe(201);
  return { id, car };
}

const report = (user: TestUser | undefined, id: string, payload: object = { reason: 'Scam or fraud' }) =>
  as(t, user, { method: 'POST', url: `/api/conversations/${id}/report`, payload });
const send = (user: TestUser | undefined, id: string, body: string) =>
  as(t, user, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body } });
const thread = (user: TestUser | undefined, id: string) =>
  as(t, user, { method: 'GET', url: `/api/conversations/${id}/messages` });
const reported = (user: TestUser | undefined, query = '') =>
  as(t, user, { method: 'GET', url: `/api/conversations/reported${query}` });
const dismiss = (user: TestUser | undefined, id: string) =>
  as(t, user, { method: 'DELETE', url: `/api/conversations/${id}/reports` });
const reportsOf = (id: string) =>
  t.db.select().from(conversationReports).where(eq(conversationReports.conversationId, id));
const reportNotes = (user: TestUser) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'conversation.reported')));

describe('POST /api/conversations/:id/report', () => {
  it('requires a session', async () => {
    const { id } = await aConversation();
    expect((await report(undefined, id)).statusCode).toBe(401);
  });

  it('lets either participant report once: 201 with the id, then 409 changing nothing', async () => {
    const { id } = await aConversation();
    const first = await report(seller, id, { reason: 'Harassment', details: 'Rude messages.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String) });
    const again = await report(seller, id, { reason: 'Spam' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('You have already reported this conversation.');
    expect(await reportsOf(id)).toMatchObject([{ reason: 'Harassment', details: 'Rude messages.' }]);
    expect((await report(buyer, id)).statusCode).toBe(201);
    expect(await reportsOf(id)).toHaveLength(2);
  });

  it('answers 404 to anyone else, admins included, and for a conversation that does not exist', async () => {
    const { id } = await aConversation();
    for (const user of [otherBuyer, admin]) {
      const res = await report(user, id);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe((await report(user, randomUUID())).json().error.message);
    }
    expect(await reportsOf(id)).toHaveLength(0);
  });

  it('refuses an invalid report with 400 and stores nothing', async () => {
    const { id } = await aConversation();
    for (const payload of [
      {},
      { reason: 'Boring' },
      { reason: 'Other' },
      { reason: 'Other', details: '   ' },
      { reason: 'Spam', details: 'x'.repeat(1001) },
    ]) {
      expect((await report(buyer, id, payload)).statusCode).toBe(400);
    }
    expect(await reportsOf(id)).toHaveLength(0);
  });

  it('tells every admin exactly once, linking to the reported conversations', async () => {
    const before = [(await reportNotes(admin)).length, (await reportNotes(otherAdmin)).length];
    const { id } = await aConversation();
    await report(buyer, id, { reason: 'Scam or fraud', details: 'Asked for gift cards.' });
    await report(buyer, id);
    for (const [index, user] of [admin, otherAdmin].entries()) {
      const notes = await reportNotes(user);
      expect(notes).toHaveLength(before[index]! + 1);
      expect(notes.at(-1)).toMatchObject({
        title: 'Conversation reported by Bea Buyer',
        body: 'About the 2019 BMW M3: Scam or fraud',
        link: '/dash/admin/reported-conversations',
      });
    }
    expect(await reportNotes(seller)).toHaveLength(0);
    expect(await reportNotes(buyer)).toHaveLength(0);
  });

  it('tells nobody of a report whose transaction rolls back', async () => {
    const { id } = await aConversation();
    const before = (await reportNotes(admin)).length;
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
    expect(await reportNotes(admin)).toHaveLength(before);
    expect(await reportsOf(id)).toHaveLength(0);
  });
});

describe("the admins' read access", () => {
  it('appears with a report and goes with the dismissal; an admin never writes', async () => {
    const { id } = await aConversation();
    expect((await thread(admin, id)).statusCode).toBe(404);

    await report(buyer, id);
    const read = await thread(admin, id);
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
    expect((await thread(otherBuyer, id)).statusCode).toBe(404);
    expect((await send(admin, id, 'Admin here.')).statusCode).toBe(404);
    // Reading as an admin marks nothing read for the buyer.
    const buyerList = (await as(t, buyer, { method: 'GET', url: '/api/conversations' })).json();
    expect(buyerList.items.find((c: { id: string }) => c.id === id).unread).toBe(1);
    for (const participant of [buyer, seller])
      expect((await thread(participant, id)).json().participants).toBeNull();

    const dismissed = await dismiss(admin, id);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ deletedCount: 1 });
    expect((await thread(admin, id)).statusCode).toBe(404);
    expect((await thread(buyer, id)).statusCode).toBe(200);
  });
});

describe('GET /api/conversations/reported', () => {
  it('is for admins only', async () => {
    expect((await reported(undefined)).statusCode).toBe(401);
    for (const user of [buyer, seller]) expect((await reported(user)).statusCode).toBe(403);
  });

  it('pages reported conversations, the most recently reported first, with their reports', async () => {
    const first = await aConversation();
    const second = await aConversation();
    await report(buyer, first.id, { reason: 'Spam' });
    await report(seller, second.id, { reason: 'Harassment', details: 'Threats.' });
    await report(seller, first.id, { reason: 'Other', details: 'Strange offers.' });

    const res = await reported(admin, '?limit=1');
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
    const next = (await reported(admin, `?limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.items[0]).toMatchObject({ id: second.id, reports: [{ reason: 'Harassment' }] });
  });
});

describe('DELETE /api/conversations/:id/reports', () => {
  it('is for admins only, and answers 404 for a conversation without reports', async () => {
    const { id } = await aConversation();
    await report(buyer, id);
    expect((await dismiss(undefined, id)).statusCode).toBe(401);
    for (const user of [buyer, seller]) expect((await dismiss(user, id)).statusCode).toBe(403);
    expect(await reportsOf(id)).toHaveLength(1);
    expect((await dismiss(admin, randomUUID())).statusCode).toBe(404);
    expect((await dismiss(admin, 'not-an-id')).statusCode).toBe(404);
    expect((await dismiss(admin, id)).json()).toEqual({ deletedCount: 1 });
    expect((await dismiss(admin, id)).statusCode).toBe(404);
    expect((await reported(admin)).json().items.map((c: { id: string }) => c.id)).not.toContain(id);
  });
});
