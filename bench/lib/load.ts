/** The HTTP scenarios and the autocannon run that measures one of them against one server. */
import { type CarInput, localDateString } from '@redline/shared';
import autocannon, { type Request } from 'autocannon';
import { round } from './cli.ts';

export interface Session {
  userId: string;
  cookie: string;
}

export interface ScenarioInputs {
  /** The category whose first page is read. */
  categoryId: string;
  /** Random ids for the car-by-id scenario. */
  carIds: string[];
  /** Unsold cars, for bookings. */
  bookableCarIds: string[];
  /** One signed-in buyer per connection (round robin when there are more connections). */
  sessions: Session[];
  /**
   * Other buyers, for the warm-up run: a booking still in flight when a run stops is never seen
   * (nor cancelled) by the load, and would make the same buyer's booking of that car a 409 later.
   */
  warmupSessions?: Session[];
  /** ETags Redline sent, for the revalidation scenarios. */
  etags: Record<string, string>;
  /**
   * The senders of the message scenario, each in a conversation of their own, taken in turn: many,
   * because each may send only so many messages a minute (the messages' rate limit).
   */
  senders: Sender[];
  /** One signed-in seller per connection (round robin when there are more), with a photo of their own. */
  posters: Poster[];
  /** The payment scenario's prepared payments: each can be recorded once. */
  payments: Payments;
}

/** A seller signed in for the posting scenario, and the photo they uploaded. */
export interface Poster extends Session {
  photoKey: string;
}

/**
 * A test drive's fee to record: the buyer's booking (unpaid, ahead) and the test-mode intent that
 * paid it, succeeded, as the pay page leaves them before it reports the payment (lib/dataset.ts).
 */
export interface Payment extends Session {
  bookingId: string;
  transactionId: string;
}

/**
 * Payments taken in turn, across every connection and run, from `taken` on. Past the last, a payment
 * comes round again, recorded already: Redline then answers 200, not 201 (an unexpected answer).
 */
export interface Payments {
  items: Payment[];
  taken: number;
}

/** A buyer signed in for the message scenario, and the conversation they write in. */
export interface Sender extends Session {
  conversationId: string;
}

export interface Scenario {
  key: string;
  title: string;
  /** Compared with the raw-query ceiling (database-backed) or only with the constant one. */
  databaseBacked: boolean;
  /** Statuses that count as success. */
  expect: number[];
  /** Runs only when the server sent an ETag for this path. */
  revalidates?: string;
  /** The request sequence of one connection. */
  requests(connection: number, inputs: ScenarioInputs): Request[];
  /** Runs after each run, e.g. to undo what a run stopped half-way left behind. */
  cleanup?(baseUrl: string): Promise<void>;
}

/**
 * Bookings made and not yet cancelled, with the headers of the buyer who made them. A run ends
 * at a fixed time, possibly between a booking and its cancellation; left open, such a booking
 * would make the same buyer's later booking of the same car a 409.
 */
const openBookings = new Map<string, Record<string, string>>();

const pickFrom = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;

/** A signed-in user's headers; x-user-id is read only by the raw-query ceiling, which has no sessions. */
const asUser = (session: Session) => ({ cookie: session.cookie, 'x-user-id': session.userId });

const signedIn = (connection: number, inputs: ScenarioInputs) => {
  const session = inputs.sessions[connection % inputs.sessions.length]!;
  return asUser(session);
};

/** The phone number of every booking the load makes (the generator never uses it), so leftovers can be found. */
export const LOAD_BOOKING_PHONE = '+1 512 555 0142';

/** The phone number of the bookings prepared for the payment scenario (lib/dataset.ts), so that they and their payments can be removed. */
export const LOAD_PAYMENT_PHONE = '+1 512 555 0143';

/** The text of every message the load sends, so that they can be removed afterwards. */
export const LOAD_MESSAGE_BODY = 'Is it still available? (bench load)';

/** The description of every car the load posts, so that they can be removed afterwards. */
export const LOAD_CAR_ABOUT = 'Posted by the benchmark load: one careful owner, full service history.';

/** The car the load posts, as the add-car form sends it: one the catalogue knows, with the seller's photo. */
export function loadCar(categoryId: string, photoKey: string): CarInput {
  return {
    year: 2022,
    brand: 'Lotus',
    model: 'Evora',
    categoryId,
    engine: '3.5 V6 supercharged',
    fuel: 'Petrol',
    bodyStyle: 'Coupe',
    transmission: 'Manual',
    drivetrain: 'RWD',
    exteriorColour: 'White',
    about: LOAD_CAR_ABOUT,
    askingPrice: 8_950_000,
    originalPrice: 10_500_000,
    topSpeed: 290,
    kmDriven: 8_400,
    postalCode: '90210',
    photos: [photoKey],
    declarations: { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true },
  };
}

/** The senders in turn, across every connection. */
let nextSender = 0;

/** Tomorrow, 10:00: always in the future and within the booking horizon. */
const bookingDate = () => localDateString(new Date(Date.now() + 86_400_000));

export const SCENARIOS: Scenario[] = [
  {
    key: 'categories',
    title: 'GET /api/categories',
    databaseBacked: false,
    expect: [200],
    requests: () => [{ method: 'GET', path: '/api/categories' }],
  },
  {
    key: 'categories-304',
    title: 'GET /api/categories, If-None-Match (304)',
    databaseBacked: false,
    expect: [304],
    revalidates: 'categories',
    requests: (_, inputs) => [
      { method: 'GET', path: '/api/categories', headers: { 'if-none-match': inputs.etags.categories! } },
    ],
  },
  {
    key: 'advertise',
    title: 'GET /api/advertise',
    databaseBacked: false,
    expect: [200],
    requests: () => [{ method: 'GET', path: '/api/advertise' }],
  },
  {
    key: 'advertise-304',
    title: 'GET /api/advertise, If-None-Match (304)',
    databaseBacked: false,
    expect: [304],
    revalidates: 'advertise',
    requests: (_, inputs) => [
      { method: 'GET', path: '/api/advertise', headers: { 'if-none-match': inputs.etags.advertise! } },
    ],
  },
  {
    key: 'category-page',
    title: "GET /api/cars/{category}: a category's first page (signed in)",
    databaseBacked: true,
    expect: [200],
    requests: (c, inputs) => [
      { method: 'GET', path: `/api/cars/${inputs.categoryId}`, headers: signedIn(c, inputs) },
    ],
  },
  {
    key: 'car-by-id',
    title: 'GET /api/cars/id/{random id} (signed in)',
    databaseBacked: true,
    expect: [200],
    requests: (c, inputs) => [
      {
        method: 'GET',
        headers: signedIn(c, inputs),
        setupRequest: (req) => ({ ...req, path: `/api/cars/id/${pickFrom(inputs.carIds)}` }),
      },
    ],
  },
  {
    key: 'record-view',
    title: "POST /api/listing-activity: a car's page viewed (signed in; written in batches)",
    databaseBacked: false,
    expect: [200],
    requests: (c, inputs) => [
      {
        method: 'POST',
        path: '/api/listing-activity',
        headers: { ...signedIn(c, inputs), 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ viewed: pickFrom(inputs.carIds) }) }),
      },
    ],
  },
  {
    key: 'book-cancel',
    title: 'POST /api/testdrivebooking + DELETE it (signed-in buyers)',
    databaseBacked: true,
    expect: [200, 201],
    requests: (c, inputs) => {
      const headers = { ...signedIn(c, inputs), 'content-type': 'application/json' };
      return [
        {
          method: 'POST',
          path: '/api/testdrivebooking',
          headers,
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({
              carId: pickFrom(inputs.bookableCarIds),
              phone: LOAD_BOOKING_PHONE,
              city: 'Miami',
              date: bookingDate(),
              time: '10:00',
            }),
          }),
          onResponse: (status, body, context) => {
            const id = status === 201 ? (JSON.parse(body) as { id: string }).id : undefined;
            context.bookingId = id;
            if (id) openBookings.set(id, signedIn(c, inputs));
          },
        },
        {
          method: 'DELETE',
          headers: signedIn(c, inputs),
          // No booking to cancel: start the sequence again.
          setupRequest: (req, context) =>
            context.bookingId ? { ...req, path: `/api/testdrivebooking/${context.bookingId}` } : null,
          onResponse: (status, _body, context) => {
            if (status === 200) openBookings.delete(context.bookingId as string);
          },
        },
      ];
    },
    async cleanup(baseUrl) {
      for (const [id, headers] of openBookings) {
        await fetch(`${baseUrl}/api/testdrivebooking/${id}`, { method: 'DELETE', headers }).catch(
          () => undefined,
        );
      }
      openBookings.clear();
    },
  },
  {
    key: 'post-car',
    title: 'POST /api/cars: a car posted (signed-in sellers, each with a photo of their own)',
    databaseBacked: true,
    expect: [201],
    requests: (c, inputs) => {
      const poster = inputs.posters[c % inputs.posters.length]!;
      return [
        {
          method: 'POST',
          path: '/api/cars',
          headers: { ...asUser(poster), 'content-type': 'application/json' },
          body: JSON.stringify(loadCar(inputs.categoryId, poster.photoKey)),
        },
      ];
    },
  },
  {
    key: 'send-message',
    title: 'POST /api/conversations/{id}/messages (signed-in buyers, each in their conversation)',
    databaseBacked: true,
    expect: [201],
    requests: (_, inputs) => [
      {
        method: 'POST',
        body: JSON.stringify({ body: LOAD_MESSAGE_BODY }),
        setupRequest: (req) => {
          const sender = inputs.senders[nextSender++ % inputs.senders.length]!;
          return {
            ...req,
            path: `/api/conversations/${sender.conversationId}/messages`,
            headers: { ...asUser(sender), 'content-type': 'application/json' },
          };
        },
      },
    ],
  },
  {
    key: 'record-payment',
    title:
      "POST /api/payment: a test drive's fee paid (signed-in buyers, a booking of theirs paid in test mode each time)",
    databaseBacked: true,
    expect: [201],
    requests: (_, inputs) => [
      {
        method: 'POST',
        path: '/api/payment',
        setupRequest: (req) => {
          const { items } = inputs.payments;
          const payment = items[inputs.payments.taken++ % items.length]!;
          return {
            ...req,
            headers: { ...asUser(payment), 'content-type': 'application/json' },
            body: JSON.stringify({ bookingId: payment.bookingId, transactionId: payment.transactionId }),
          };
        },
      },
    ],
  },
];

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
}

export async function runLoad(
  baseUrl: string,
  scenario: Scenario,
  inputs: ScenarioInputs,
  options: { connections: number; seconds: number },
): Promise<LoadResult> {
  let connection = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    setupClient: (client) => {
      client.setRequests(scenario.requests(connection++, inputs));
    },
  });
  await scenario.cleanup?.(baseUrl);
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([status, s]) => [status, Number(s.count)]),
  );
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  const unexpected = Object.entries(statuses)
    .filter(([status]) => !scenario.expect.includes(Number(status)))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: total,
    rps: Math.round(total / result.duration),
    p50: round(result.latency.p50, 1),
    p99: round(result.latency.p99, 1),
    errors: result.errors + unexpected,
    statuses,
  };
}
