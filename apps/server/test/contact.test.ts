/**
 * The contact inbox (issue 20): a visitor's message is kept for the admins, each admin is told once,
 * and an admin marks it handled (or open again); only admins read or change the inbox.
 */
import { randomUUID } from 'node:crypto';
import type { ContactMessage } from '@redline/shared';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { contactMessages, notifications } from '../src/db/schema.ts';
import { it as base } from './fixtures.ts';
import { as, errorOf, type TestApp, type TestUser } from './helpers.ts';

let ip = 0;

const it = base.extend(
  'actors',
  { scope: 'file' },
  {
    admin: { name: 'Ada Admin' },
    otherAdmin: { name: 'Otto Admin' },
  },
);

/** Sends a message as a visitor (each from an address of its own: the form is rate-limited). */
async function send(t: TestApp, message: string, name = 'Vera Visitor') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name, email: 'vera@example.test', message },
    remoteAddress: `10.7.0.${++ip}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const inbox = (t: TestApp, user: TestUser | undefined, query = '') =>
  as(t, user, { method: 'GET', url: `/api/contact${query}` });
const mark = (t: TestApp, user: TestUser | undefined, id: string, payload: object) =>
  as(t, user, { method: 'PATCH', url: `/api/contact/${id}`, payload });
const toldOf = (t: TestApp, user: TestUser) =>
  t.db.select().from(notifications).where(eq(notifications.userId, user.id));

describe('POST /api/contact', () => {
  it('keeps the message and tells every admin once, and no one else', async ({
    t,
    buyer,
    admin,
    otherAdmin,
  }) => {
    const before = await Promise.all(
      [admin, otherAdmin, buyer].map(async (u) => (await toldOf(t, u)).length),
    );
    const long = `Hello, I would like to know whether you ship cars abroad. ${'We are a dealer in Lyon. '.repeat(10)}`;
    const id = await send(t, long);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Vera Visitor',
      message: long.trim(),
      handledAt: null,
      handledBy: null,
    });
    for (const [i, user] of [admin, otherAdmin].entries()) {
      const told = (await toldOf(t, user)).slice(before[i]);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        type: 'contact.received',
        title: 'Message from Vera Visitor',
        link: '/dash/admin/messages',
      });
      expect(told[0]!.body.length).toBeLessThanOrEqual(160);
      expect(told[0]!.body).toMatch(
        /^Hello, I would like to know whether you ship cars abroad\. We are .*…$/,
      );
    }
    expect(await toldOf(t, buyer)).toHaveLength(before[2]!);
  });

  it('refuses a bad message with a message per field, keeps nothing and tells no one', async ({
    t,
    admin,
  }) => {
    const count = async () => (await t.db.select().from(contactMessages)).length;
    const [messages, told] = [await count(), (await toldOf(t, admin)).length];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'V', email: 'vera@example.test', message: 'short' },
      remoteAddress: '10.7.1.1',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty('message');
    expect(await count()).toBe(messages);
    expect(await toldOf(t, admin)).toHaveLength(told);
  });
});

describe('the inbox', () => {
  it('lists the open messages newest first, then the handled ones, with who handled them', async ({
    t,
    admin,
    otherAdmin,
  }) => {
    const first = await send(t, 'The first message of this test, still open.', 'First Visitor');
    const second = await send(t, 'The second message of this test, to be handled.', 'Second Visitor');

    const open = (await inbox(t, admin, '?status=open&limit=50')).json().items as ContactMessage[];
    const ids = open.map((m) => m.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids.indexOf(first)).toBeGreaterThanOrEqual(0);

    const handled = await mark(t, admin, second, { handled: true });
    expect(handled.statusCode).toBe(200);
    expect(handled.json()).toMatchObject({
      id: second,
      handledBy: 'Ada Admin',
      handledAt: expect.any(String),
    });
    // Marked again by another admin: the first admin and time stay.
    const again = await mark(t, otherAdmin, second, { handled: true });
    expect(again.json()).toMatchObject({ handledBy: 'Ada Admin', handledAt: handled.json().handledAt });

    const afterOpen = (await inbox(t, admin, '?status=open&limit=50')).json().items as ContactMessage[];
    expect(afterOpen.map((m) => m.id)).not.toContain(second);
    const handledList = (await inbox(t, admin, '?status=handled&limit=50')).json().items as ContactMessage[];
    expect(handledList.map((m) => m.id)).toContain(second);
    expect(handledList.map((m) => m.id)).not.toContain(first);
    const all = (await inbox(t, otherAdmin, '?limit=50')).json().items as ContactMessage[];
    expect(all.map((m) => m.id)).toEqual(expect.arrayContaining([first, second]));

    const reopened = await mark(t, otherAdmin, second, { handled: false });
    expect(reopened.json()).toMatchObject({ handledAt: null, handledBy: null });
  });

  it('is for admins only', async ({ t, buyer }) => {
    const id = await send(t, 'A message nobody but admins may read or handle.');
    expect((await inbox(t, undefined)).statusCode).toBe(401);
    expect((await inbox(t, buyer)).statusCode).toBe(403);
    expect((await mark(t, buyer, id, { handled: true })).statusCode).toBe(403);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row?.handledAt).toBeNull();
  });

  it('answers 404 for an unknown message and 400 for a bad status or body', async ({ t, admin }) => {
    expect((await mark(t, admin, randomUUID(), { handled: true })).statusCode).toBe(404);
    expect((await mark(t, admin, 'not-an-id', { handled: true })).statusCode).toBe(404);
    const id = await send(t, 'A message whose handling is asked for badly.');
    const bad = await mark(t, admin, id, { handled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toHaveProperty('handled');
    expect((await inbox(t, admin, '?status=done')).statusCode).toBe(400);
  });
});
