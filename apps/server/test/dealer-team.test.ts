/**
 * A dealer's team (issue 49, ADR 65): invitations by e-mail, and members acting for the dealer.
 * Everything is observed through the API as the people involved would, with the database read
 * only to show what a refusal left unchanged and what waits in the e-mail outbox.
 */
import type { AddressInfo } from 'node:net';
import {
  localDateString,
  type Me,
  type Notification,
  type NotificationType,
  type SellerCarPage,
  type SellerProfile,
  TEAM_SIZE_MAX,
  type Team,
  type TeamInvitation,
} from '@redline/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  cars,
  dealerInvitations,
  dealerMembers,
  dealerProfiles,
  messages,
  notificationEmails,
  reviews,
} from '../src/db/schema.ts';
import {
  createBooking,
  createCar,
  createOffer,
  createPastTestDrive,
  createTeamInvitation,
  dealerProfileInput,
  postCar,
} from './factories.ts';
import { it } from './fixtures.ts';
import {
  as,
  errorOf,
  openStream,
  type SignUpOverrides,
  signUpUser,
  type TestApp,
  type TestUser,
  whoAmI,
} from './helpers.ts';

const profile = (businessName: string) => dealerProfileInput({ businessName });

let dealers = 0;
/** A new seller who is a dealer. */
async function aDealer(t: TestApp) {
  dealers += 1;
  const owner = await signUpUser(t, 'Seller');
  const res = await as(t, owner, {
    method: 'PUT',
    url: '/api/me/dealer',
    payload: profile(`Team Motors ${dealers}`),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...owner, businessName: `Team Motors ${dealers}` };
}

const invite = (t: TestApp, by: TestUser, email: string, role = 'salesperson') =>
  as(t, by, { method: 'POST', url: '/api/me/team/invitations', payload: { email, role } });
const accept = (t: TestApp, user: TestUser | undefined, token: string) =>
  as(t, user, { method: 'POST', url: `/api/team-invitations/${token}/acceptance` });
const preview = (t: TestApp, token: string) =>
  as(t, undefined, { method: 'GET', url: `/api/team-invitations/${token}` });
const teamOf = async (t: TestApp, user: TestUser) => {
  const res = await as(t, user, { method: 'GET', url: '/api/me/team' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Team;
};
const membersOf = (t: TestApp, dealerId: string) =>
  t.db.select().from(dealerMembers).where(eq(dealerMembers.dealerId, dealerId));

/** The link of the latest invitation e-mailed to `email`, and its token. */
function emailedLink(t: TestApp, email: string) {
  const mail = t.context.mailer.sent.findLast((m) => m.to === email);
  if (!mail) throw new Error(`no e-mail to ${email}`);
  const link = mail.text.match(/https?:\/\/\S+\/team\/invitations\/([\w-]+)/);
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  return { mail, url: link[0], token: link[1]! };
}

/** Invites `email` as `role` and answers the e-mailed token. */
async function invited(t: TestApp, dealer: TestUser, email: string, role = 'salesperson') {
  const res = await invite(t, dealer, email, role);
  expect(res.statusCode, res.body).toBe(201);
  return emailedLink(t, email).token;
}

/** A new seller account in `dealer`'s team as `role`, through the invitation. */
async function aMember(
  t: TestApp,
  dealer: TestUser,
  role: 'manager' | 'salesperson',
  overrides: SignUpOverrides = {},
) {
  const member = await signUpUser(t, 'Seller', overrides);
  const res = await accept(t, member, await invited(t, dealer, member.email, role));
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

describe('an invitation to a dealer team', () => {
  it('is e-mailed with a single-use link; the invited seller accepts and then sells for the dealer', async ({
    t,
  }) => {
    const dealer = await aDealer(t);
    const member = await signUpUser(t, 'Seller');
    const res = await invite(t, dealer, member.email.toUpperCase(), 'manager');
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json() as TeamInvitation;
    expect(sent).toMatchObject({ email: member.email, role: 'manager', invitedBy: dealer.name });
    const days = (Date.parse(sent.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const { mail, url, token } = emailedLink(t, member.email);
    expect(mail.subject).toContain(dealer.businessName);
    expect(url).toContain(`/team/invitations/${token}`);
    // Only the token's digest is stored.
    const [row] = await t.db.select().from(dealerInvitations).where(eq(dealerInvitations.id, sent.id));
    expect(row!.tokenHash).not.toContain(token);

    expect((await preview(t, token)).json()).toMatchObject({
      businessName: dealer.businessName,
      dealerId: dealer.id,
      role: 'manager',
    });
    expect((await accept(t, undefined, token)).statusCode).toBe(401);
    const accepted = await accept(t, member, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: member.id, name: member.name, role: 'manager' });
    expect((await whoAmI(t, member))!.sellsFor).toEqual({
      sellerId: dealer.id,
      role: 'manager',
      businessName: dealer.businessName,
    });
    const team = await teamOf(t, dealer);
    expect(team.owner.id).toBe(dealer.id);
    expect(team.members.map((m) => [m.id, m.role])).toEqual([[member.id, 'manager']]);
    expect(team.invitations).toEqual([]);

    // Used: the link is no more.
    expect((await accept(t, member, token)).statusCode).toBe(404);
    expect((await preview(t, token)).statusCode).toBe(404);
  });

  it('is refused to the wrong account, a buyer, a seller with cars for sale, a dealer and a member of another team, changing nothing', async ({
    t,
    buyer,
  }) => {
    const dealer = await aDealer(t);
    const stranger = await signUpUser(t, 'Seller');
    const invitedSeller = await signUpUser(t, 'Seller');
    const token = await invited(t, dealer, invitedSeller.email);
    const wrong = await accept(t, stranger, token);
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).message).toMatch(/another e-mail address/);

    const buyerRefused = await accept(t, buyer, await invited(t, dealer, buyer.email));
    expect(buyerRefused.statusCode).toBe(403);
    expect(errorOf(buyerRefused).message).toMatch(/seller account/);

    const withCars = await signUpUser(t, 'Seller');
    await createCar(t, withCars);
    const carsRefused = await accept(t, withCars, await invited(t, dealer, withCars.email));
    expect(carsRefused.statusCode).toBe(409);
    expect(errorOf(carsRefused).message).toMatch(/cars of your own/);

    const otherDealer = await aDealer(t);
    const dealerRefused = await accept(t, otherDealer, await invited(t, dealer, otherDealer.email));
    expect(dealerRefused.statusCode).toBe(409);
    expect(errorOf(dealerRefused).message).toMatch(/dealer yourself/);

    const elsewhere = await aMember(t, otherDealer, 'salesperson');
    const memberRefused = await accept(t, elsewhere, await invited(t, dealer, elsewhere.email));
    expect(memberRefused.statusCode).toBe(409);
    expect(errorOf(memberRefused).message).toMatch(/team already/);

    expect(await membersOf(t, dealer.id)).toEqual([]);
    expect((await whoAmI(t, elsewhere))!.sellsFor?.sellerId).toBe(otherDealer.id);
    // Every refused invitation still waits, and the right account can still take its own.
    expect((await teamOf(t, dealer)).invitations).toHaveLength(5);
    expect((await accept(t, invitedSeller, token)).statusCode).toBe(200);
  });

  it('expired answers 410, revoked 404, and a new invitation of the same address replaces the pending one', async ({
    t,
  }) => {
    const dealer = await aDealer(t);
    const late = await signUpUser(t, 'Seller');
    const expired = await invited(t, dealer, late.email);
    await t.db
      .update(dealerInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dealerInvitations.email, late.email));
    expect((await preview(t, expired)).statusCode).toBe(410);
    const refused = await accept(t, late, expired);
    expect(refused.statusCode).toBe(410);
    expect(errorOf(refused).message).toMatch(/expired/);

    // Re-inviting replaces it: the old link is unknown, the new one works.
    const fresh = await invited(t, dealer, late.email);
    expect((await teamOf(t, dealer)).invitations.map((i) => i.email)).toEqual([late.email]);
    expect((await accept(t, late, expired)).statusCode).toBe(404);
    // Two invitations of one address at once leave one pending invitation, not an error.
    const twice = await Promise.all([
      invite(t, dealer, 'twice@example.test'),
      invite(t, dealer, 'twice@example.test'),
    ]);
    expect(twice.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(
      (await teamOf(t, dealer)).invitations.filter((i) => i.email === 'twice@example.test'),
    ).toHaveLength(1);
    await as(t, dealer, { method: 'DELETE', url: `/api/me/team/invitations/${twice[0]!.json().id}` });

    const revokedSeller = await signUpUser(t, 'Seller');
    const revoked = await invited(t, dealer, revokedSeller.email);
    const { invitations } = await teamOf(t, dealer);
    const id = invitations.find((i) => i.email === revokedSeller.email)!.id;
    const outsider = await aDealer(t);
    expect(
      (await as(t, outsider, { method: 'DELETE', url: `/api/me/team/invitations/${id}` })).statusCode,
    ).toBe(404);
    expect((await as(t, dealer, { method: 'DELETE', url: `/api/me/team/invitations/${id}` })).json()).toEqual(
      {
        deletedCount: 1,
      },
    );
    expect((await accept(t, revokedSeller, revoked)).statusCode).toBe(404);
    expect((await preview(t, revoked)).statusCode).toBe(404);
    expect(await membersOf(t, dealer.id)).toEqual([]);

    expect((await accept(t, late, fresh)).statusCode).toBe(200);
  });

  it('is limited to 20 an hour per sender: the 21st is refused, stored nowhere and e-mailed to nobody', async ({
    t,
  }) => {
    const dealer = await aDealer(t);
    for (let n = 0; n < 20; n += 1)
      expect((await invite(t, dealer, `hire${n}@example.test`)).statusCode).toBe(201);
    const refused = await invite(t, dealer, 'hire20@example.test');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await teamOf(t, dealer)).invitations).toHaveLength(20);
    expect(t.context.mailer.sent.some((mail) => mail.to === 'hire20@example.test')).toBe(false);
  });

  it('accepted twice at once: one acceptance wins, the other finds the link used', async ({ t }) => {
    const dealer = await aDealer(t);
    const member = await signUpUser(t, 'Seller');
    const token = await invited(t, dealer, member.email);
    const answers = await Promise.all([accept(t, member, token), accept(t, member, token)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 404]);
    expect((await membersOf(t, dealer.id)).map((m) => m.memberId)).toEqual([member.id]);
  });

  it('is sent by the owner or a manager only, to an address not in the team, and a private seller has no team', async ({
    t,
  }) => {
    const dealer = await aDealer(t);
    const salesperson = await aMember(t, dealer, 'salesperson');
    const manager = await aMember(t, dealer, 'manager');
    const asSalesperson = await invite(t, salesperson, 'someone@example.test');
    expect(asSalesperson.statusCode).toBe(403);
    expect((await as(t, salesperson, { method: 'GET', url: '/api/me/team' })).statusCode).toBe(403);
    expect((await invite(t, manager, 'someone@example.test')).statusCode).toBe(201);
    expect((await invite(t, manager, dealer.email)).statusCode).toBe(409);
    expect((await invite(t, dealer, salesperson.email)).statusCode).toBe(409);
    const badRole = await invite(t, dealer, 'other@example.test', 'owner');
    expect(badRole.statusCode).toBe(400);

    // A team is a dealership's staff: the fiftieth place taken, a new address is refused, a re-invitation is not.
    for (let n = (await teamOf(t, dealer)).invitations.length + 2; n < TEAM_SIZE_MAX; n += 1)
      await createTeamInvitation(t, dealer, `staff${n}@example.test`);
    const full = await invite(t, dealer, 'one-too-many@example.test');
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).message).toMatch(/at most 50/);
    expect((await invite(t, dealer, 'someone@example.test')).statusCode).toBe(201);
    await t.db.delete(dealerInvitations).where(like(dealerInvitations.email, 'staff%'));

    const privateSeller = await signUpUser(t, 'Seller');
    const refused = await invite(t, privateSeller, 'someone@example.test');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toMatch(/dealer profile/);
    expect((await teamOf(t, dealer)).invitations.map((i) => i.email)).toEqual(['someone@example.test']);
  });
});

type Who = 'owner' | 'manager' | 'salesperson' | 'removed' | 'stranger';
const WHO: Who[] = ['owner', 'manager', 'salesperson', 'removed', 'stranger'];

describe('acting for the dealer, per role', () => {
  it('the owner, a manager and a salesperson work on the dealer’s cars and leads; a removed member and a stranger cannot', async ({
    t,
    buyer,
  }) => {
    const owner = await aDealer(t);
    const people: Record<Who, TestUser> = {
      owner,
      manager: await aMember(t, owner, 'manager'),
      salesperson: await aMember(t, owner, 'salesperson'),
      removed: await aMember(t, owner, 'salesperson'),
      stranger: await signUpUser(t, 'Seller'),
    };
    await whoAmI(t, people.removed); // its session is cached: the removal must reach it
    const removal = await as(t, owner, {
      method: 'DELETE',
      url: `/api/me/team/members/${people.removed.id}`,
    });
    expect(removal.json()).toEqual({ deletedCount: 1 });

    const car = await createCar(t, owner);
    const offer = await createOffer(t, buyer, car, owner);
    const allowed = [200, 200, 200];
    const rows: [string, (who: TestUser) => Promise<number>, number[]][] = [
      [
        'car update',
        async (who) =>
          (await as(t, who, { method: 'PATCH', url: `/api/cars/${car.id}`, payload: { kmDriven: 12_001 } }))
            .statusCode,
        [...allowed, 403, 403],
      ],
      [
        'car delete',
        async (who) => {
          const own = await createCar(t, owner);
          return (await as(t, who, { method: 'DELETE', url: `/api/cars/${own.id}` })).statusCode;
        },
        [...allowed, 403, 403],
      ],
      [
        'car advertised',
        async (who) => {
          const own = await createCar(t, owner);
          return (await as(t, who, { method: 'POST', url: '/api/advertise', payload: { carId: own.id } }))
            .statusCode;
        },
        [201, 201, 201, 403, 403],
      ],
      [
        'listing figures',
        async (who) =>
          (await as(t, who, { method: 'GET', url: `/api/listing-stats/cars/${car.id}` })).statusCode,
        [...allowed, 403, 403],
      ],
      [
        'booking answer',
        async (who) => {
          const booking = await createBooking(t, buyer, await createCar(t, owner), owner);
          return (await as(t, who, { method: 'POST', url: `/api/testdrivebooking/${booking.id}/accept` }))
            .statusCode;
        },
        [...allowed, 404, 404],
      ],
      [
        'conversation read',
        async (who) =>
          (await as(t, who, { method: 'GET', url: `/api/conversations/${offer.conversationId}/messages` }))
            .statusCode,
        [...allowed, 404, 404],
      ],
      [
        'conversation write',
        async (who) =>
          (
            await as(t, who, {
              method: 'POST',
              url: `/api/conversations/${offer.conversationId}/messages`,
              payload: { body: 'Still available.' },
            })
          ).statusCode,
        [201, 201, 201, 404, 404],
      ],
      [
        'offer move',
        async (who) => {
          const own = await createOffer(t, buyer, await createCar(t, owner), owner);
          return (
            await as(t, who, {
              method: 'POST',
              url: `/api/offers/${own.id}/answer`,
              payload: { action: 'decline', message: 'Not at that price.' },
            })
          ).statusCode;
        },
        [...allowed, 404, 404],
      ],
      [
        // The dealer's public word: not a salesperson's.
        'review answer',
        async (who) => {
          const drive = await createPastTestDrive(t, buyer, await createCar(t, owner), owner);
          const [review] = await t.db
            .insert(reviews)
            .values({
              bookingId: drive.id,
              buyerId: buyer.id,
              sellerId: owner.id,
              carName: drive.carName,
              experience: 4,
              accuracy: 4,
              communication: 4,
              body: 'A fair dealer.',
            })
            .returning({ id: reviews.id });
          return (
            await as(t, who, {
              method: 'POST',
              url: `/api/reviews/${review!.id}/answer`,
              payload: { body: 'Thank you.' },
            })
          ).statusCode;
        },
        [200, 200, 403, 403, 403],
      ],
      [
        'dealer profile edit',
        async (who) => {
          if (who.id === people.removed.id || who.id === people.stranger.id) {
            // Their /me/dealer is their own: the dealer's is out of their reach, whatever they send.
            await as(t, who, { method: 'PUT', url: '/api/me/dealer', payload: profile('Hijacked Motors') });
            const [row] = await t.db
              .select()
              .from(dealerProfiles)
              .where(eq(dealerProfiles.sellerId, owner.id));
            return row!.businessName === owner.businessName ? 403 : 200;
          }
          return (
            await as(t, who, { method: 'PUT', url: '/api/me/dealer', payload: profile(owner.businessName) })
          ).statusCode;
        },
        [200, 200, 403, 403, 403],
      ],
      [
        'team invite',
        async (who) => (await invite(t, who, `invitee-${who.id}@example.test`)).statusCode,
        // The removed member and the stranger have made dealers of their own above: their teams are theirs.
        [201, 201, 403, 201, 201],
      ],
      [
        'team role change',
        async (who) => {
          const target = await aMember(t, owner, 'salesperson');
          return (
            await as(t, who, {
              method: 'PUT',
              url: `/api/me/team/members/${target.id}`,
              payload: { role: 'manager' },
            })
          ).statusCode;
        },
        [...allowed.slice(0, 2), 403, 404, 404],
      ],
      [
        'team removal',
        async (who) => {
          const target = await aMember(t, owner, 'salesperson');
          return (await as(t, who, { method: 'DELETE', url: `/api/me/team/members/${target.id}` }))
            .statusCode;
        },
        [...allowed.slice(0, 2), 403, 404, 404],
      ],
    ];
    for (const [action, call, expected] of rows) {
      const got = [];
      for (const who of WHO) got.push(await call(people[who]));
      expect([action, got]).toEqual([action, expected]);
    }
    // The dealer's team saw nobody's invitation but the owner's and the manager's.
    const invitations = (await teamOf(t, owner)).invitations.map((i) => i.email).sort();
    expect(invitations).toEqual(
      [`invitee-${people.manager.id}@example.test`, `invitee-${owner.id}@example.test`].sort(),
    );
    // Nothing of the refused calls changed the dealer's car.
    const [stored] = await t.db.select().from(cars).where(eq(cars.id, car.id));
    expect(stored!.kmDriven).toBe(12_001);
    expect(stored!.sellerId).toBe(owner.id);
  });

  it('the owner is no member: nobody can demote or remove them, and a dealer with a team cannot go private', async ({
    t,
  }) => {
    const owner = await aDealer(t);
    const manager = await aMember(t, owner, 'manager');
    const demote = await as(t, manager, {
      method: 'PUT',
      url: `/api/me/team/members/${owner.id}`,
      payload: { role: 'salesperson' },
    });
    expect(demote.statusCode).toBe(404);
    expect(
      (await as(t, manager, { method: 'DELETE', url: `/api/me/team/members/${owner.id}` })).statusCode,
    ).toBe(404);
    expect((await as(t, manager, { method: 'DELETE', url: '/api/me/dealer' })).statusCode).toBe(409);
    const goPrivate = await as(t, owner, { method: 'DELETE', url: '/api/me/dealer' });
    expect(goPrivate.statusCode).toBe(409);
    expect(errorOf(goPrivate).message).toMatch(/team/);
    expect((await whoAmI(t, owner))!.sellsFor).toMatchObject({ sellerId: owner.id, role: 'owner' });
  });
});

describe("a member's work is the dealer's", () => {
  it('a car a member posts is the dealer’s; once removed, the member sees none of it and the dealer keeps it all', async ({
    t,
    buyer,
  }) => {
    const owner = await aDealer(t);
    const member = await aMember(t, owner, 'salesperson');
    const carId = await postCar(t, member, {});
    const [row] = await t.db.select().from(cars).where(eq(cars.id, carId));
    expect(row!.sellerId).toBe(owner.id);
    const page = (
      await as(t, undefined, { method: 'GET', url: `/api/sellers/${owner.id}` })
    ).json() as SellerProfile;
    expect(page.carsForSale).toBe(1);
    expect(page.dealer?.businessName).toBe(owner.businessName);
    const listOf = async (who: TestUser) =>
      (
        (await as(t, who, { method: 'GET', url: `/api/cars/email/${who.email}` })).json() as SellerCarPage
      ).items.map((c) => c.id);
    expect(await listOf(member)).toEqual([carId]);
    expect(await listOf(owner)).toEqual([carId]);

    // The member's message is the dealer's side of the conversation: the buyer talks to the dealer.
    const started = await as(t, buyer, {
      method: 'POST',
      url: '/api/conversations',
      payload: { carId, message: 'Is it still for sale?' },
    });
    const conversationId = (started.json() as { id: string }).id;
    const reply = await as(t, member, {
      method: 'POST',
      url: `/api/conversations/${conversationId}/messages`,
      payload: { body: 'It is: come and see it.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const [sent] = await t.db
      .select({ senderId: messages.senderId })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.body, 'It is: come and see it.')));
    expect(sent!.senderId).toBe(owner.id);
    const asBuyer = await as(t, buyer, {
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages`,
    });
    expect(asBuyer.json().conversation.otherParty).toMatchObject({ id: owner.id, name: owner.name });

    await whoAmI(t, member); // cached, as between two clicks
    expect(
      (await as(t, owner, { method: 'DELETE', url: `/api/me/team/members/${member.id}` })).json(),
    ).toEqual({ deletedCount: 1 });
    const after = (await whoAmI(t, member)) as Me;
    expect(after.sellsFor).toEqual({ sellerId: member.id, role: 'owner', businessName: null });
    expect(await listOf(member)).toEqual([]);
    expect(
      (await as(t, member, { method: 'PATCH', url: `/api/cars/${carId}`, payload: { kmDriven: 1 } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await as(t, member, { method: 'GET', url: `/api/conversations/${conversationId}/messages` }))
        .statusCode,
    ).toBe(404);
    expect(await listOf(owner)).toEqual([carId]);
    const [kept] = await t.db.select().from(cars).where(eq(cars.id, carId));
    expect(kept!.sellerId).toBe(owner.id);
  });

  it("a member's session names the dealer as it is now: a renamed dealer is seen at the next request", async ({
    t,
  }) => {
    const owner = await aDealer(t);
    const member = await aMember(t, owner, 'salesperson');
    expect((await whoAmI(t, member))!.sellsFor?.businessName).toBe(owner.businessName);
    const renamed = await as(t, owner, {
      method: 'PUT',
      url: '/api/me/dealer',
      payload: profile('Renamed Motors'),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await whoAmI(t, member))!.sellsFor?.businessName).toBe('Renamed Motors');
  });

  it('a member who leaves sells for themselves again at once', async ({ t }) => {
    const owner = await aDealer(t);
    const member = await aMember(t, owner, 'manager');
    expect((await whoAmI(t, member))!.sellsFor).toMatchObject({ sellerId: owner.id, role: 'manager' });
    expect((await as(t, member, { method: 'DELETE', url: '/api/me/team/membership' })).json()).toEqual({
      deletedCount: 1,
    });
    expect((await whoAmI(t, member))!.sellsFor).toEqual({
      sellerId: member.id,
      role: 'owner',
      businessName: null,
    });
    expect((await as(t, member, { method: 'GET', url: '/api/me/team' })).statusCode).toBe(409);
    expect(await membersOf(t, owner.id)).toEqual([]);
    expect((await as(t, member, { method: 'DELETE', url: '/api/me/team/membership' })).json()).toEqual({
      deletedCount: 0,
    });
  });
});

describe('the team is told', () => {
  /** A dealer with a manager and a salesperson. */
  const aTeam = async (t: TestApp) => {
    const owner = await aDealer(t);
    return {
      owner,
      manager: await aMember(t, owner, 'manager'),
      salesperson: await aMember(t, owner, 'salesperson'),
    };
  };
  /** The kinds of the user's notifications, oldest first, as their notifications page lists them. */
  const toldOf = async (t: TestApp, user: TestUser) => {
    const res = await as(t, user, { method: 'GET', url: '/api/notifications' });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as Notification[]).map((n) => n.type).reverse();
  };
  /** The kinds waiting in the user's e-mail outbox. */
  const emailedOf = async (t: TestApp, user: TestUser) =>
    (
      await t.db
        .select({ type: notificationEmails.type })
        .from(notificationEmails)
        .where(eq(notificationEmails.userId, user.id))
        .orderBy(notificationEmails.createdAt)
    ).map((row) => row.type as NotificationType);
  /** `who` asks about the car: the conversation's id. */
  const ask = async (t: TestApp, who: TestUser, carId: string, message: string) => {
    const res = await as(t, who, { method: 'POST', url: '/api/conversations', payload: { carId, message } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const write = (t: TestApp, who: TestUser, conversationId: string, body: string) =>
    as(t, who, { method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { body } });
  /** The file's app listening on loopback, where live streams open: started by the first test that asks. */
  const listening = async (t: TestApp) => {
    if (!t.app.server.listening) return t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  };
  const readAll = (t: TestApp, who: TestUser) =>
    as(t, who, { method: 'POST', url: '/api/notifications/read', payload: {} });
  /** A weekday a week or so ahead (the dealer opens on weekdays). */
  const aWeekday = () => {
    const day = new Date(Date.now() + 7 * 86_400_000);
    while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
    return localDateString(day);
  };

  it("a buyer's message, offer and test-drive request reach the owner, the managers and the salespeople, each as they chose; a removed member hears nothing", async ({
    t,
    buyer,
  }) => {
    const { owner, manager, salesperson } = await aTeam(t);
    const unconfirmed = await aMember(t, owner, 'salesperson', { emailVerified: false });
    const removed = await aMember(t, owner, 'salesperson');
    expect(
      (await as(t, owner, { method: 'DELETE', url: `/api/me/team/members/${removed.id}` })).statusCode,
    ).toBe(200);
    const mutedEmail = await as(t, salesperson, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { items: [{ type: 'message.received', inApp: true, email: false }] },
    });
    expect(mutedEmail.statusCode, mutedEmail.body).toBe(200);
    const team = [owner, manager, salesperson, unconfirmed];
    const toldOfEach = () => Promise.all([...team, removed].map((who) => toldOf(t, who)));

    const car = await createCar(t, owner);
    const conversationId = await ask(t, buyer, car.id, 'Is it still for sale?');
    expect(await toldOfEach()).toEqual([...team.map(() => ['message.received']), []]);
    // The notification's link opens for each of them: the conversation is the dealer's.
    const [told] = (await as(t, salesperson, { method: 'GET', url: '/api/notifications' })).json().items;
    expect(told.link).toBe(`/dash/messages/${conversationId}`);
    for (const who of team)
      expect(
        (await as(t, who, { method: 'GET', url: `/api/conversations/${conversationId}/messages?limit=1` }))
          .statusCode,
      ).toBe(200);

    // One unread notification a conversation, for each person: who read theirs is told of the next.
    expect((await write(t, buyer, conversationId, 'And the service history?')).statusCode).toBe(201);
    expect(await toldOfEach()).toEqual([...team.map(() => ['message.received']), []]);
    expect((await readAll(t, salesperson)).statusCode).toBe(200);
    expect((await write(t, buyer, conversationId, 'Hello?')).statusCode).toBe(201);
    expect((await toldOfEach()).map((kinds) => kinds.length)).toEqual([1, 1, 2, 1, 0]);

    const offered = await as(t, buyer, {
      method: 'POST',
      url: '/api/offers',
      payload: { carId: car.id, amount: Math.round(car.askingPrice * 0.9), message: 'Would you take this?' },
    });
    expect(offered.statusCode, offered.body).toBe(201);

    // The test drive reaches the team's open pages too: their notifications and their requests.
    const address = await listening(t);
    const stream = await openStream(address, salesperson);
    const booked = await as(t, buyer, {
      method: 'POST',
      url: '/api/testdrivebooking',
      payload: { carId: car.id, phone: '(512) 555-0142', city: 'Miami', date: aWeekday(), time: '10:30' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await stream.until(1, 'bookings')).toMatch(/event: notifications\ndata: changed/);
    await stream.close();

    const afterMessages = ['offer.made', 'booking.requested'];
    expect((await toldOfEach()).map((kinds) => kinds.slice(-2))).toEqual([
      ...team.map(() => afterMessages),
      [],
    ]);
    // E-mail for those with a confirmed address who want it: not the unconfirmed, and no message
    // e-mail for the salesperson who turned it off.
    expect(await Promise.all([...team, removed].map((who) => emailedOf(t, who)))).toEqual([
      ['message.received', ...afterMessages],
      ['message.received', ...afterMessages],
      afterMessages,
      [],
      [],
    ]);
  });

  it("a buyer's message, and a teammate reading it, refresh every member's open Messages page", async ({
    t,
    buyer,
  }) => {
    const { owner, manager, salesperson } = await aTeam(t);
    const car = await createCar(t, owner);
    const conversationId = await ask(t, buyer, car.id, 'Is it still for sale?');
    const address = await listening(t);
    const stream = await openStream(address, salesperson);
    expect((await write(t, buyer, conversationId, 'And the service history?')).statusCode).toBe(201);
    await stream.until(1, 'conversations');
    // The manager opens it: read for the dealer, so the salesperson's list no longer shows it unread.
    const read = await as(t, manager, {
      method: 'GET',
      url: `/api/conversations/${conversationId}/messages?limit=20`,
    });
    expect(read.statusCode).toBe(200);
    await stream.until(2, 'conversations');
    await stream.close();
  });

  it("a salesperson's notification settings leave out what they are never told; a manager's keep it", async ({
    t,
  }) => {
    const { manager, salesperson } = await aTeam(t);
    const kinds = async (who: TestUser) =>
      (
        (await as(t, who, { method: 'GET', url: '/api/notifications/preferences' })).json() as {
          items: { type: NotificationType }[];
        }
      ).items.map((item) => item.type);
    expect(await kinds(salesperson)).toEqual(
      expect.arrayContaining(['message.received', 'offer.made', 'booking.requested']),
    );
    expect(await kinds(salesperson)).not.toContain('review.received');
    expect(await kinds(salesperson)).not.toContain('car.removed');
    expect(await kinds(manager)).toEqual(expect.arrayContaining(['review.received', 'car.removed']));
    const set = await as(t, salesperson, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { items: [{ type: 'review.received', inApp: false, email: false }] },
    });
    expect(set.statusCode).toBe(400);
    expect(errorOf(set).message).toBe('Your account does not receive review.received notifications.');
  });

  it('a review of the dealer reaches its owner and managers, not its salespeople (answering is theirs)', async ({
    t,
    buyer,
  }) => {
    const { owner, manager, salesperson } = await aTeam(t);
    const car = await createCar(t, owner);
    const booking = await createPastTestDrive(t, buyer, car, owner);
    const posted = await as(t, buyer, {
      method: 'POST',
      url: '/api/reviews',
      payload: {
        bookingId: booking.id,
        experience: 5,
        accuracy: 4,
        communication: 5,
        body: 'Honest dealer.',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await Promise.all([owner, manager, salesperson].map((who) => toldOf(t, who)))).toEqual([
      ['review.received'],
      ['review.received'],
      [],
    ]);
  });

  it("what is told to a buyer reaches that account alone, a dealer's as well; a private seller is told alone", async ({
    t,
  }) => {
    const buyer = await signUpUser(t, 'Buyer');
    const otherSeller = await signUpUser(t, 'Seller');
    const { owner, manager, salesperson } = await aTeam(t);
    const team = [owner, manager, salesperson];

    // The dealer's answer tells the buyer, not the rest of the team.
    const car = await createCar(t, owner);
    const dealersConversation = await ask(t, buyer, car.id, 'Is it still for sale?');
    for (const who of team) expect((await readAll(t, who)).statusCode).toBe(200);
    expect((await write(t, salesperson, dealersConversation, 'It is.')).statusCode).toBe(201);
    expect(await toldOf(t, buyer)).toEqual(['message.received']);
    const unread = async (who: TestUser) =>
      (await as(t, who, { method: 'GET', url: '/api/notifications' })).json().unread as number;
    expect(await Promise.all(team.map(unread))).toEqual([0, 0, 0]);

    // The dealer asks a private seller about their car: the seller alone is told; their answer
    // goes to the dealer's account, the buyer of that conversation, and not to its team.
    const privateCar = await createCar(t, otherSeller);
    const asked = await ask(t, salesperson, privateCar.id, 'Would you sell it to a dealer?');
    expect(await toldOf(t, otherSeller)).toEqual(['message.received']);
    const answered = await write(t, otherSeller, asked, 'Make me an offer.');
    expect(answered.statusCode).toBe(201);
    expect(await Promise.all(team.map(unread))).toEqual([1, 0, 0]);
  });
});
