/** Factories with overrides, for tests that need rows without going through every call. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type CarInput,
  type DealerProfileInput,
  HOLDING_DEPOSIT_CENTS,
  TEST_DRIVE_FEE_CENTS,
  type TeamRole,
} from '@redline/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  advertisements,
  bookings,
  cars,
  categories,
  conversations,
  dealerInvitations,
  dealerMembers,
  offers,
  paymentIntents,
  payments,
  photos,
} from '../src/db/schema.ts';
import { as, type TestApp, type TestUser } from './helpers.ts';

/**
 * Rows made one after another in an app get increasing times, even within one millisecond
 * (timestamps keep milliseconds), so that newest-first lists have a single right order. Counted per
 * app: a worker runs file after file on one copy of this module (isolate: false), and a file that
 * moves the clock ahead (car-columns.test.ts) would otherwise date the next files' rows in the future.
 */
const lastTimes = new WeakMap<TestApp, number>();
function nextTimestamp(t: TestApp) {
  const time = Math.max(Date.now(), (lastTimes.get(t) ?? 0) + 1);
  lastTimes.set(t, time);
  return new Date(time);
}

export async function ensureCategory(t: TestApp, id = 'super-car') {
  const existing = await t.db.query.categories.findFirst({ where: eq(categories.id, id) });
  if (existing) return existing;
  const count = (await t.db.select({ id: categories.id }).from(categories)).length;
  const [row] = await t.db
    .insert(categories)
    .values({
      id,
      name: `Category ${id}`,
      icon: `/uploads/${id}-icon.svg`,
      image: `/uploads/${id}.webp`,
      position: count + 1,
    })
    .returning();
  return row!;
}

/** A photo row as the upload call records it, owned by `owner`. */
export async function uploadedPhoto(t: TestApp, owner: TestUser, size = { width: 2000, height: 1000 }) {
  const key = randomBytes(16).toString('hex');
  await t.db.insert(photos).values({ key, uploaderId: owner.id, ...size });
  return key;
}

/**
 * A car posted through `POST /api/cars` as its seller types it (`carInput` with `fields`), its make
 * and model linked to the catalogue as posting links them; answers its id.
 */
export async function postCar(t: TestApp, seller: TestUser, fields: Partial<CarInput>): Promise<string> {
  await ensureCategory(t, fields.categoryId ?? 'super-car');
  const res = await as(t, seller, {
    method: 'POST',
    url: '/api/cars',
    payload: { ...carInput([await uploadedPhoto(t, seller)]), ...fields },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/** A valid body of `POST /api/cars` with the given uploaded photo keys. */
export function carInput(photos: string[]): CarInput {
  return {
    year: 2021,
    brand: 'Porsche',
    model: '911 GT3',
    categoryId: 'super-car',
    engine: '4.0 L flat-six',
    fuel: 'Petrol',
    about: 'Weissach package, carbon roof, one careful owner.',
    askingPrice: 21_500_000,
    originalPrice: 23_000_000,
    topSpeed: 318,
    kmDriven: 8_400,
    bodyStyle: 'Coupe',
    transmission: 'Dual-clutch',
    drivetrain: 'RWD',
    exteriorColour: 'Grey',
    exteriorColourName: 'GT Silver',
    seats: 2,
    doors: 2,
    previousOwners: 1,
    titleStatus: 'Clean',
    postalCode: '90210',
    photos,
    declarations: { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true },
  };
}

/** The place of the factories' cars, as the gazetteer derives it from 90210; `NO_PLACE` for a car posted before locations. */
export const BEVERLY_HILLS = {
  postalCode: '90210',
  country: 'US',
  city: 'Beverly Hills',
  region: 'CA',
  latitude: 34.0901,
  longitude: -118.4065,
} as const;
export const NO_PLACE = {
  postalCode: null,
  country: null,
  city: null,
  region: null,
  latitude: null,
  longitude: null,
} as const;

export async function createCar(
  t: TestApp,
  seller: TestUser,
  overrides: Partial<typeof cars.$inferInsert> = {},
) {
  const category = await ensureCategory(t, overrides.categoryId ?? 'super-car');
  const [car] = await t.db
    .insert(cars)
    .values({
      year: 2020,
      brand: 'Ferrari',
      model: 'F8 Tributo',
      categoryId: category.id,
      engine: '3.9 L twin-turbo V8',
      fuel: 'Petrol',
      about: 'One owner, full service history, never tracked. Ceramic brakes and a front lift.',
      askingPrice: 25_000_000,
      originalPrice: 30_000_000,
      topSpeed: 340,
      kmDriven: 12_000,
      sellerId: seller.id,
      photos: [`test-${randomUUID().slice(0, 8)}`],
      addedDate: nextTimestamp(t),
      ...BEVERLY_HILLS,
      ...overrides,
    })
    .returning();
  return car!;
}

export async function advertise(t: TestApp, carId: string) {
  await t.db.insert(advertisements).values({ carId });
}

/** A booking row as the booking call would store it (date 7 days ahead at 10:00). */
export async function createBooking(
  t: TestApp,
  buyer: TestUser,
  car: typeof cars.$inferSelect,
  seller: TestUser,
  overrides: Partial<typeof bookings.$inferInsert> = {},
) {
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const [booking] = await t.db
    .insert(bookings)
    .values({
      carId: car.id,
      carName: `${car.year} ${car.brand} ${car.model}`,
      carPhoto: `/uploads/${car.photos[0]}-480.webp`,
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
      buyerId: buyer.id,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      buyerPhone: '+15125550142',
      requestedDate: date,
      requestedTime: '10:00',
      requestedLocation: 'Miami',
      price: 12_000,
      createdAt: nextTimestamp(t),
      ...overrides,
    })
    .returning();
  return booking!;
}

/** A test drive that took place: accepted, two days ago at 10:00 (reviewable, modules/reviews). */
export function createPastTestDrive(
  t: TestApp,
  buyer: TestUser,
  car: typeof cars.$inferSelect,
  seller: TestUser,
  overrides: Partial<typeof bookings.$inferInsert> = {},
) {
  const date = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  return createBooking(t, buyer, car, seller, { status: 'accepted', requestedDate: date, ...overrides });
}

/**
 * An offer as the offer call stores it, in a conversation of its own, without its move or
 * notification: open at 90 % of the asking price, the seller's turn, expiring in two days.
 */
export async function createOffer(
  t: TestApp,
  buyer: TestUser,
  car: typeof cars.$inferSelect,
  seller: TestUser,
  overrides: Partial<typeof offers.$inferInsert> = {},
) {
  const carName = `${car.year} ${car.brand} ${car.model}`;
  const carPhoto = `/uploads/${car.photos[0]}-480.webp`;
  const [conversation] = await t.db
    .insert(conversations)
    .values({ carId: car.id, carName, carPhoto, buyerId: buyer.id, sellerId: seller.id })
    .returning();
  const [offer] = await t.db
    .insert(offers)
    .values({
      carId: car.id,
      carName,
      carPhoto,
      buyerId: buyer.id,
      sellerId: seller.id,
      conversationId: conversation!.id,
      amount: Math.round(car.askingPrice * 0.9),
      status: 'open',
      turn: 'seller',
      expiresAt: new Date(Date.now() + 2 * 86_400_000),
      ...overrides,
    })
    .returning();
  return offer!;
}

/** A payment intent of the booking's fee that the provider says succeeded: what the buyer pays with. */
export async function succeededIntent(t: TestApp, booking: typeof bookings.$inferSelect) {
  const transactionId = `pi_test_${randomUUID().replaceAll('-', '')}`;
  await t.db.insert(paymentIntents).values({
    id: transactionId,
    clientSecret: `${transactionId}_secret`,
    amount: TEST_DRIVE_FEE_CENTS,
    currency: 'usd',
    status: 'succeeded',
    metadata: { bookingId: booking.id, buyerId: booking.buyerId ?? '' },
  });
  return transactionId;
}

/**
 * Records a payment as the payments module and the test-mode provider leave it: a succeeded
 * intent (so that it can be refunded), a payments row and the paid flag.
 */
export async function recordPayment(t: TestApp, booking: typeof bookings.$inferSelect) {
  const transactionId = await succeededIntent(t, booking);
  await t.db.update(bookings).set({ isPaid: true }).where(eq(bookings.id, booking.id));
  const [payment] = await t.db
    .insert(payments)
    .values({
      bookingId: booking.id,
      price: TEST_DRIVE_FEE_CENTS,
      transactionId,
      provider: 'test',
      sellerEmail: booking.sellerEmail,
      carName: booking.carName,
      paidBy: booking.buyerEmail,
    })
    .returning();
  return payment!;
}

/** A succeeded test-mode payment of the offer's holding deposit, not yet recorded (as the card form leaves it). */
export async function depositIntent(t: TestApp, offer: typeof offers.$inferSelect) {
  const transactionId = `pi_test_${randomUUID().replaceAll('-', '')}`;
  await t.db.insert(paymentIntents).values({
    id: transactionId,
    clientSecret: `${transactionId}_secret`,
    amount: HOLDING_DEPOSIT_CENTS,
    currency: 'usd',
    status: 'succeeded',
    metadata: { offerId: offer.id, buyerId: offer.buyerId },
  });
  return transactionId;
}

/**
 * A pending invitation to `dealer`'s team, stored as the invitation call stores it (the token's
 * digest, seven days to run) without its e-mail; answers its id and the token its link carries.
 */
export async function createTeamInvitation(t: TestApp, dealer: TestUser, email: string) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await t.db
    .insert(dealerInvitations)
    .values({
      dealerId: dealer.id,
      email,
      role: 'salesperson',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      invitedBy: dealer.id,
      expiresAt: new Date(Date.now() + 7 * 86_400_000),
    })
    .returning({ id: dealerInvitations.id });
  return { id: row!.id, token };
}

/** `member` in `dealer`'s team (a salesperson unless said), as accepting an invitation leaves it. */
export async function addTeamMember(
  t: TestApp,
  dealer: TestUser,
  member: TestUser,
  role: TeamRole = 'salesperson',
) {
  await t.db.insert(dealerMembers).values({ dealerId: dealer.id, memberId: member.id, role });
}

const WEEKDAY_HOURS = [{ open: '09:00', close: '18:00' }];

/** A dealer profile as the dealer profile form sends it (`PUT /me/dealer`); `overrides` replace its fields. */
export function dealerProfileInput(overrides: Partial<DealerProfileInput> = {}): DealerProfileInput {
  return {
    businessName: 'Sunset Motors',
    logo: null,
    street: '9000 Wilshire Blvd',
    postalCode: '90210',
    hours: {
      monday: WEEKDAY_HOURS,
      tuesday: WEEKDAY_HOURS,
      wednesday: WEEKDAY_HOURS,
      thursday: WEEKDAY_HOURS,
      friday: WEEKDAY_HOURS,
      saturday: [],
      sunday: [],
    },
    phone: '(310) 555-0142',
    website: '',
    about: '',
    ...overrides,
  };
}
