/**
 * The exact SQL Redline's repositories send, captured once at start-up: each repository function
 * runs against a Drizzle instance whose logger records the statement and its parameters. A
 * parameter equal to one of the example inputs becomes a named slot; any other stays constant.
 * The raw-query ceiling then sends these texts straight to the driver, with no ORM in between.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import {
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
import { lockCarWithSeller } from '../../apps/server/src/modules/cars/car-summary.ts';
import { findCarView, listUnsoldCarsOfCategory } from '../../apps/server/src/modules/cars/cars.repository.ts';
import { postCar } from '../../apps/server/src/modules/cars/cars.service.ts';
import {
  categoryExists,
  listCategories,
} from '../../apps/server/src/modules/categories/categories.repository.ts';
import { insertMessage } from '../../apps/server/src/modules/conversations/conversations.repository.ts';
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
  carView: Statement;
  lockCarWithSeller: Statement;
  insertBooking: Statement;
  lockBooking: Statement;
  cancelBooking: Statement;
  conversationAccess: Statement;
  /** The message inserted and its conversation moved (its last message, its sender's read time): one statement. */
  insertMessage: Statement;
  /** Every statement posting a car sends in its transaction, in order; the last inserts the car and answers its id. */
  postCar: Statement[];
}

/**
 * What the statements are captured with: a real, unsold car and its seller, a buyer, a conversation,
 * a category, and a seller with a photo of their own (lib/dataset.ts finds them).
 */
export interface Example {
  carId: string;
  sellerId: string;
  buyerId: string;
  conversationId: string;
  categoryId: string;
  posterId: string;
  photoKey: string;
}

/**
 * Captures every statement. `example` must name a real, unsold car, its seller and a real buyer: the booking
 * statements run for real inside a transaction that is then rolled back.
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
    carView: await one(
      () => findCarView(prepared, advertisementOf, example.carId),
      { carId: example.carId },
      'car_view',
    ),
  };

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
      statements.lockCarWithSeller = await one(() => lockCarWithSeller(tx, example.carId), {
        carId: example.carId,
      });
      statements.insertBooking = await one(() => bookingsRepo.insertBooking(tx, booking), booking);
      // The cancellation's access check, which locks the booking (access/record-access.ts).
      statements.lockBooking = await one(() => lockedBookingAccess(tx, bookingId), { bookingId });
      statements.cancelBooking = await one(() => bookingsRepo.cancelBookings(tx, [bookingId], 'buyer'), {
        bookingId,
      });
      // A message: the access check reads the conversation, then one statement inserts the message and moves the conversation.
      const conversation = { conversationId: example.conversationId };
      statements.conversationAccess = await one(
        () => conversationAccess(tx, example.conversationId),
        conversation,
      );
      const message = { ...conversation, senderId: example.buyerId, body: 'bench-example-message' };
      statements.insertMessage = await one(() => insertMessage(tx, message), message);
      // A car posted by a seller with their photo: the service's own transaction (the category is checked before it).
      const poster = { sellerId: example.posterId, photoKey: example.photoKey };
      const before = log.length;
      await postCar(tx, example.posterId, loadCar(example.categoryId, example.photoKey));
      statements.postCar = log.slice(before).map((entry) => toStatement(entry, poster));
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return statements as Statements;
}
