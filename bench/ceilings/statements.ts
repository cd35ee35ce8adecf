/**
 * The exact SQL Redline's repositories send, captured once at start-up: each repository function
 * runs against a Drizzle instance whose logger records the statement and its parameters. A
 * parameter equal to one of the example inputs becomes a named slot; any other stays constant.
 * The raw-query ceiling then sends these texts straight to the driver, with no ORM in between.
 */
import type { PGlite } from '@electric-sql/pglite';
import { CURRENCY, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import {
  bookingAccess,
  conversationAccess,
  lockedBookingAccess,
} from '../../apps/server/src/access/record-access.repository.ts';
import type { Db, Tx } from '../../apps/server/src/db/client.ts';
import { PreparedStatements } from '../../apps/server/src/db/prepared-statements.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { EventBus } from '../../apps/server/src/events/index.ts';
import {
  advertisementOf,
  listAdvertisedCars,
} from '../../apps/server/src/modules/advertisements/advertisements.repository.ts';
import * as bookingsRepo from '../../apps/server/src/modules/bookings/bookings.repository.ts';
import { paymentBookings } from '../../apps/server/src/modules/bookings/index.ts';
import { lockCarWithSeller } from '../../apps/server/src/modules/cars/car-summary.ts';
import { findCarPage, listUnsoldCarsOfCategory } from '../../apps/server/src/modules/cars/cars.repository.ts';
import { postCar } from '../../apps/server/src/modules/cars/cars.service.ts';
import {
  categoryExists,
  listCategories,
} from '../../apps/server/src/modules/categories/categories.repository.ts';
import { insertMessage } from '../../apps/server/src/modules/conversations/conversations.repository.ts';
import { marketValueColumn } from '../../apps/server/src/modules/market-value/market-value.repository.ts';
import { findPaymentOf, insertPayment } from '../../apps/server/src/modules/payments/payments.repository.ts';
import { TestModeProvider } from '../../apps/server/src/payment-providers/test-mode-provider.ts';
import { loadCar } from '../lib/load.ts';

type Slot = { input: string } | { value: unknown };

export interface Statement {
  text: string;
  slots: Slot[];
  /** Set on the statements Redline prepares by name: the ceiling names them too (PostgreSQL then parses each once per connection). */
  name?: string;
}

/** The statement's parameters, filled from named inputs. */
export function bind(statement: Statement, inputs: Record<string, unknown>): unknown[] {
  return statement.slots.map((slot) => ('input' in slot ? inputs[slot.input] : slot.value));
}

export type Driver = { engine: 'postgres'; pool: pg.Pool } | { engine: 'pglite'; client: PGlite };

function recordingDb(driver: Driver) {
  const log: { query: string; params: unknown[] }[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => log.push({ query, params }) };
  const db = (driver.engine === 'postgres'
    ? drizzleNodePg(driver.pool, { schema, logger })
    : drizzlePglite(driver.client, { schema, logger })) as unknown as Db;
  // A bus with no reactions and no NOTIFY: the services' statements run, their events' do not (the ceiling skips them).
  new EventBus({ notify: false }).follow(db);
  return { db, log };
}

function toStatement(
  entry: { query: string; params: unknown[] },
  inputs: Record<string, unknown>,
): Statement {
  return {
    text: entry.query,
    slots: entry.params.map((param) => {
      const name = Object.keys(inputs).find((k) => inputs[k] === param);
      return name ? { input: name } : { value: param };
    }),
  };
}

class Rollback extends Error {}

export interface Statements {
  categories: Statement;
  advertisedPage: Statement;
  categoryExists: Statement;
  categoryPage: Statement;
  /** A car's page: the car, its price history and its market value, one statement as Redline sends it. */
  carPage: Statement;
  lockCarWithSeller: Statement;
  insertBooking: Statement;
  lockBooking: Statement;
  cancelBooking: Statement;
  conversationAccess: Statement;
  /** The message inserted and its conversation moved (its last message, its sender's read time): one statement. */
  insertMessage: Statement;
  /** Every statement posting a car sends in its transaction, in order; the last inserts the car and answers its id. */
  postCar: Statement[];
  /**
   * Recording a payment (`POST /api/payment`), in the order Redline sends them: the access check,
   * the buyer's booking, its payment if any, the provider's intent; then, in a transaction, the
   * booking locked, its car, its payment again, the payment inserted and the booking marked paid.
   */
  bookingAccess: Statement;
  bookingToPay: Statement;
  paymentOfBooking: Statement;
  paymentIntent: Statement;
  lockBookingToPay: Statement;
  carOfBooking: Statement;
  insertPayment: Statement;
  markPaid: Statement;
}

/** A payment prepared to be recorded (lib/dataset.ts): the booking it pays for, its buyer, and the intent that paid it. */
export interface PreparedPayment {
  bookingId: string;
  buyerId: string;
  transactionId: string;
}

/**
 * What the statements are captured with: a real, unsold car and its seller, a buyer, a conversation,
 * a category, a seller with a photo of their own and a payment to record (lib/dataset.ts finds or
 * prepares them).
 */
export interface Example {
  carId: string;
  sellerId: string;
  buyerId: string;
  conversationId: string;
  categoryId: string;
  posterId: string;
  photoKey: string;
  /** A payment prepared, not recorded. */
  payment: PreparedPayment;
}

/**
 * Captures every statement. `example` must name a real, unsold car, its seller and a real buyer, and
 * a payment not recorded: the writes run for real inside a transaction that is then rolled back.
 */
export async function captureStatements(
  driver: Driver,
  example: Example & { pageSize: number },
): Promise<Statements> {
  const { db, log } = recordingDb(driver);
  const prepared = new PreparedStatements(db);
  const last = () => log[log.length - 1]!;
  const one = async (run: () => Promise<unknown>, inputs: Record<string, unknown> = {}, name?: string) => {
    await run();
    return { ...toStatement(last(), inputs), name };
  };
  const categoryId = 'bench-example-category';
  const limit = example.pageSize;
  const bookingId = '00000000-0000-4000-8000-00000000b00c';

  const statements: Partial<Statements> = {
    categories: await one(() => listCategories(db)),
    advertisedPage: await one(() => listAdvertisedCars(db, limit)),
    categoryExists: await one(() => categoryExists(prepared, categoryId), { categoryId }, 'category_exists'),
    categoryPage: await one(
      () => listUnsoldCarsOfCategory(prepared, advertisementOf, categoryId, limit),
      { categoryId },
      'category_cars',
    ),
    carPage: await one(
      () => findCarPage(prepared, advertisementOf, marketValueColumn, example.carId),
      { carId: example.carId },
      'car_page',
    ),
  };

  // Recording a payment (payments.service.ts, recordConfirmedPayment): the access check ('booking.pay'),
  // the buyer's booking, its payment if any, the provider's intent; then its transaction, below.
  const { payment } = example;
  const paid = { bookingId: payment.bookingId };
  const ofBuyer = { ...paid, buyerId: payment.buyerId };
  statements.bookingAccess = await one(
    () => bookingAccess(prepared, db, payment.bookingId),
    paid,
    'access_booking',
  );
  statements.bookingToPay = await one(
    () => paymentBookings.findOfBuyer(db, payment.bookingId, payment.buyerId),
    ofBuyer,
  );
  statements.paymentOfBooking = await one(() => findPaymentOf(db, paid), paid);
  statements.paymentIntent = await one(() => new TestModeProvider(db).retrieveIntent(payment.transactionId), {
    transactionId: payment.transactionId,
  });

  // The booking's values as the service derives them; distinctive strings so that each maps to its slot.
  const booking = {
    carId: example.carId,
    carName: 'bench-example-car-name',
    carPhoto: 'bench-example-car-photo',
    sellerId: example.sellerId,
    sellerName: 'bench-example-seller-name',
    sellerEmail: 'bench-example-seller-email',
    buyerId: example.buyerId,
    buyerName: 'bench-example-buyer-name',
    buyerEmail: 'bench-example-buyer-email',
    buyerPhone: 'bench-example-phone',
    requestedDate: '2099-01-02',
    requestedTime: '10:00',
    requestedLocation: 'bench-example-city',
    price: 12_000,
    isPaid: false,
  };
  await db
    .transaction(async (tx: Tx) => {
      statements.lockCarWithSeller = await one(
        () => lockCarWithSeller(prepared, tx, example.carId),
        { carId: example.carId },
        'car_with_seller_locked',
      );
      statements.insertBooking = await one(
        () => bookingsRepo.insertBooking(prepared, tx, booking),
        booking,
        'booking_insert',
      );
      // The cancellation's access check, which locks the booking (access/record-access.ts).
      statements.lockBooking = await one(
        () => lockedBookingAccess(prepared, tx, bookingId),
        { bookingId },
        'access_locked_booking',
      );
      statements.cancelBooking = await one(
        () => bookingsRepo.cancelBooking(prepared, tx, bookingId, 'buyer'),
        { bookingId },
        'booking_cancel',
      );
      // A message: the access check reads the conversation, then one statement inserts the message and moves the conversation.
      const conversation = { conversationId: example.conversationId };
      statements.conversationAccess = await one(
        () => conversationAccess(prepared, tx, example.conversationId),
        conversation,
        'access_conversation',
      );
      const message = { ...conversation, senderId: example.buyerId, body: 'bench-example-message' };
      statements.insertMessage = await one(
        () => insertMessage(prepared, tx, message),
        message,
        'insert_message',
      );
      // A car posted by a seller with their photo: the service's own transaction (the category is checked before it).
      const poster = { sellerId: example.posterId, photoKey: example.photoKey };
      const before = log.length;
      await postCar(prepared, tx, example.posterId, loadCar(example.categoryId, example.photoKey));
      statements.postCar = log.slice(before).map((entry) => toStatement(entry, poster));
      // The payment's transaction: the booking locked (then its car read), its payment looked for
      // again, the payment inserted, the booking marked paid (its events' reactions skipped).
      const lockedFrom = log.length;
      const locked = await paymentBookings.lockOfBuyer(tx, payment.bookingId, payment.buyerId);
      const [lockBooking, carOfBooking] = log.slice(lockedFrom);
      statements.lockBookingToPay = toStatement(lockBooking!, ofBuyer);
      statements.carOfBooking = toStatement(carOfBooking!, { carId: locked?.carId });
      // The values as the service takes them: the amount from the intent, the rest from the booking.
      const recorded = {
        ...paid,
        transactionId: payment.transactionId,
        price: TEST_DRIVE_FEE_CENTS,
        currency: CURRENCY,
        sellerEmail: 'bench-example-seller-email',
        carName: 'bench-example-car-name',
        paidBy: 'bench-example-buyer-email',
      };
      statements.insertPayment = await one(
        () => insertPayment(tx, { ...recorded, provider: 'test' }),
        recorded,
      );
      statements.markPaid = await one(() => paymentBookings.markPaid(tx, payment.bookingId), paid);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return statements as Statements;
}
