/**
 * The Stripe provider against a local fake of Stripe's HTTP API (the real SDK makes the calls),
 * and the signed webhook, checked with the SDK's own test-header helper.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeEach, describe, expect, vi } from 'vitest';
import { bookings, payments, refunds } from '../src/db/schema.ts';
import { createBooking, createCar } from './factories.ts';
import { it as base } from './fixtures.ts';
import { as, createTestApp, errorOf, type TestApp, type TestUser } from './helpers.ts';

interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
}

interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

/** Just enough of Stripe's API: payment intents (create, honouring idempotency keys, and retrieve) and refunds. */
class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly intents = new Map<string, FakeIntent>();
  private readonly byIdempotencyKey = new Map<string, string>();
  /** Refunds made, by their idempotency key. */
  readonly refunds = new Map<string, { id: string; amount: number; payment_intent: string | null }>();
  private counter = 0;
  down = false;
  private server?: Server;

  async start(): Promise<number> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        this.requests.push({
          method: req.method ?? '',
          path,
          headers: req.headers,
          form: new URLSearchParams(body),
        });
        const [status, payload] = this.answer(req.method ?? '', path, req.headers, new URLSearchParams(body));
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${this.requests.length}`,
        });
        res.end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  stop() {
    return new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** An intent as if another party (or the browser through Stripe.js) had made it. */
  add(overrides: Partial<FakeIntent> & { metadata: Record<string, string> }): FakeIntent {
    this.counter += 1;
    const id = `pi_fake${this.counter}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: 12_000,
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_fake`,
      livemode: false,
      ...overrides,
    };
    this.intents.set(id, intent);
    return intent;
  }

  private answer(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    form: URLSearchParams,
  ): [number, unknown] {
    if (this.down) return [500, { error: { type: 'api_error', message: 'Stripe is down.' } }];
    if (method === 'POST' && path === '/v1/payment_intents') {
      const key = String(headers['idempotency-key'] ?? '');
      const existing = this.byIdempotencyKey.get(key);
      if (existing) return [200, this.intents.get(existing)];
      const metadata: Record<string, string> = {};
      for (const [name, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const intent = this.add({
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? '',
        metadata,
      });
      if (key) this.byIdempotencyKey.set(key, intent.id);
      return [200, intent];
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const key = String(headers['idempotency-key'] ?? '');
      const existing = this.refunds.get(key);
      if (existing) return [200, existing];
      const refund = {
        id: `re_fake${this.refunds.size + 1}`,
        object: 'refund',
        amount: Number(form.get('amount')),
        payment_intent: form.get('payment_intent'),
        status: 'succeeded',
      };
      this.refunds.set(key, refund);
      return [200, refund];
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]!));
      if (intent) return [200, intent];
      return [
        404,
        {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'intent',
            message: `No such payment_intent: '${retrieve[1]}'`,
          },
        },
      ];
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }
}

const WEBHOOK_SECRET = 'whsec_test_secret';
const fake = new FakeStripe();
const it = base
  // biome-ignore lint/correctness/noEmptyPattern: Vitest reads what a fixture needs from this pattern, and it needs nothing.
  .extend('env', { scope: 'file' }, async ({}, { onCleanup }) => {
    const port = await fake.start();
    onCleanup(() => fake.stop());
    return {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    };
  });
beforeEach(() => {
  fake.down = false;
  fake.requests.length = 0;
});

/** A `Stripe-Signature` header, made by the SDK's own helper. */
const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

async function newBooking(t: TestApp, seller: TestUser, buyer: TestUser, owner: TestUser = buyer) {
  const car = await createCar(t, seller);
  return createBooking(t, owner, car, seller);
}

const createIntent = (t: TestApp, user: TestUser, body: Record<string, unknown>) =>
  as(t, user, { method: 'POST', url: '/api/create-payment-intent', payload: body });
const pay = (t: TestApp, user: TestUser, bookingId: string, transactionId: string) =>
  as(t, user, { method: 'POST', url: '/api/payment', payload: { bookingId, transactionId } });

/** What Stripe.js does in the browser: the buyer's card is charged and the intent succeeds. */
async function stripeIntentFor(t: TestApp, buyer: TestUser, booking: { id: string }, status = 'succeeded') {
  const { clientSecret } = (await createIntent(t, buyer, { bookingId: booking.id })).json();
  const intent = [...fake.intents.values()].find((i) => i.client_secret === clientSecret)!;
  intent.status = status;
  return intent;
}

const paymentRows = (t: TestApp, bookingId: string) =>
  t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
const isPaid = async (t: TestApp, bookingId: string) =>
  (await t.db.query.bookings.findFirst({ where: eq(bookings.id, bookingId) }))?.isPaid;

describe('Stripe provider: POST /api/create-payment-intent', () => {
  it('asks Stripe for 12000 USD cents with the booking in the metadata and an idempotency key', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const res = await createIntent(t, buyer, { bookingId: booking.id, price: 1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^pi_fake\d+_secret_fake$/),
      provider: 'stripe',
      publishableKey: 'pk_test_x',
    });

    expect(fake.requests).toHaveLength(1);
    const [call] = fake.requests;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(call!.headers.authorization).toBe('Bearer sk_test_x');
    expect(call!.headers['idempotency-key']).toBe(`booking-${booking.id}`);
    expect(call!.form.get('amount')).toBe('12000');
    expect(call!.form.get('currency')).toBe('usd');
    expect(call!.form.get('metadata[bookingId]')).toBe(booking.id);
    expect(call!.form.get('metadata[buyerId]')).toBe(buyer.id);
    expect(call!.form.has('price')).toBe(false);
  });

  it('sends the same idempotency key again, so Stripe answers the same intent', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const first = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    const second = (await createIntent(t, buyer, { bookingId: booking.id })).json();
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      `booking-${booking.id}`,
      `booking-${booking.id}`,
    ]);
  });

  it("does not call Stripe for another buyer's booking", async ({ t, seller, buyer, otherBuyer }) => {
    const booking = await newBooking(t, seller, buyer, otherBuyer);
    expect((await createIntent(t, buyer, { bookingId: booking.id })).statusCode).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 503 when Stripe is unreachable', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    fake.down = true;
    const res = await createIntent(t, buyer, { bookingId: booking.id });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res).message).toBe('The payment service is unavailable. Please try again shortly.');
  });

  it('has no test-mode confirmation', async ({ t, buyer }) => {
    const res = await as(t, buyer, {
      method: 'POST',
      url: '/api/payments/test-mode/confirm',
      payload: {
        clientSecret: 'x',
        card: { number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '123' },
      },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('Stripe provider: POST /api/payment', () => {
  it('records a payment Stripe reports as succeeded', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    fake.requests.length = 0;
    const res = await pay(t, buyer, booking.id, intent.id);
    expect(res.statusCode).toBe(201);
    expect(fake.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: `/v1/payment_intents/${intent.id}` }),
    ]);
    expect(await paymentRows(t, booking.id)).toEqual([
      expect.objectContaining({
        id: res.json().insertedId,
        transactionId: intent.id,
        provider: 'stripe',
        price: 12_000,
      }),
    ]);
    expect(await isPaid(t, booking.id)).toBe(true);
  });

  it('refuses an intent that still requires a payment method (402), and changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking, 'requires_payment_method');
    const res = await pay(t, buyer, booking.id, intent.id);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).message).toBe('The payment has not succeeded.');
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
    expect(await isPaid(t, booking.id)).toBe(false);
  });

  it('refuses a succeeded intent made for another booking, and changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const other = await newBooking(t, seller, buyer);
    const foreign = fake.add({ status: 'succeeded', metadata: { bookingId: other.id, buyerId: buyer.id } });
    const res = await pay(t, buyer, booking.id, foreign.id);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('This transaction belongs to another booking.');
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
    expect(await paymentRows(t, other.id)).toHaveLength(0);
    expect(await isPaid(t, booking.id)).toBe(false);
  });

  it('refuses a transaction id Stripe does not know', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const res = await pay(t, buyer, booking.id, 'pi_unknown');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('This transaction was not found.');
  });

  it('refuses a succeeded intent for less than the fee', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const cheap = fake.add({
      amount: 1,
      status: 'succeeded',
      metadata: { bookingId: booking.id, buyerId: buyer.id },
    });
    const res = await pay(t, buyer, booking.id, cheap.id);
    expect(res.statusCode).toBe(400);
    expect(await isPaid(t, booking.id)).toBe(false);
  });

  it('answers 503 and records nothing when Stripe cannot be asked', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    fake.down = true;
    const res = await pay(t, buyer, booking.id, intent.id);
    expect(res.statusCode).toBe(503);
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  function succeededEvent(intent: FakeIntent, id = `evt_${intent.id}`) {
    return JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: intent },
    });
  }

  const deliver = (t: TestApp, payload: string, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  it('records payment_intent.succeeded when the signature verifies', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    const payload = succeededEvent(intent);
    const res = await deliver(t, payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await paymentRows(t, booking.id)).toEqual([
      expect.objectContaining({ transactionId: intent.id, paidBy: buyer.email, provider: 'stripe' }),
    ]);
    expect(await isPaid(t, booking.id)).toBe(true);
  });

  it('refuses a signature made with another secret (400), and changes nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    const payload = succeededEvent(intent);
    const res = await deliver(t, payload, sign(payload, 'whsec_wrong'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('The webhook signature is invalid.');
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
    expect(await isPaid(t, booking.id)).toBe(false);
  });

  it('refuses a tampered body (400), and changes nothing', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const other = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    const payload = succeededEvent(intent);
    const signature = sign(payload);
    const res = await deliver(t, payload.replaceAll(booking.id, other.id), signature);
    expect(res.statusCode).toBe(400);
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
    expect(await paymentRows(t, other.id)).toHaveLength(0);
  });

  it('refuses an event without a signature', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    const res = await deliver(t, succeededEvent(intent), undefined);
    expect(res.statusCode).toBe(400);
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
  });

  it('keeps one payment when an event is replayed or the browser reported it too', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    const first = await pay(t, buyer, booking.id, intent.id);
    const payload = succeededEvent(intent);
    const deliveries = await Promise.all([
      deliver(t, payload, sign(payload)),
      deliver(t, payload, sign(payload)),
    ]);
    const again = await deliver(t, payload, sign(payload));
    expect([...deliveries, again].map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await paymentRows(t, booking.id)).toEqual([
      expect.objectContaining({ id: first.json().insertedId }),
    ]);
  });

  it('acknowledges and ignores other events', async ({ t, seller, buyer }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    const payload = succeededEvent(intent).replace(
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
    );
    const res = await deliver(t, payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
  });

  it('acknowledges a succeeded intent that is not for a Redline booking, recording nothing', async ({
    t,
  }) => {
    const unrelated = fake.add({ status: 'succeeded', metadata: {} });
    const payload = succeededEvent(unrelated);
    const res = await deliver(t, payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(payments).where(eq(payments.transactionId, unrelated.id))).toHaveLength(
      0,
    );
  });

  it('records a succeeded intent whose car was sold meanwhile and refunds it through Stripe, once, with its idempotency key', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking);
    const sold = await as(t, seller, {
      method: 'PATCH',
      url: `/api/cars/${booking.carId}`,
      payload: { sold: true },
    });
    expect(sold.statusCode).toBe(200);
    const payload = succeededEvent(intent);
    expect((await deliver(t, payload, sign(payload))).statusCode).toBe(200);
    const [payment] = await paymentRows(t, booking.id);
    expect(payment).toMatchObject({ transactionId: intent.id, provider: 'stripe' });
    const refund = await vi.waitFor(
      async () => {
        const [row] = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
        if (row?.status !== 'succeeded') throw new Error('not refunded yet');
        return row;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(refund).toMatchObject({ reason: 'late-payment', amount: 12_000, providerRefundId: 're_fake1' });
    // Replayed: the same payment, no second refund asked of Stripe.
    expect((await deliver(t, payload, sign(payload))).statusCode).toBe(200);
    const asked = fake.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund-${refund.id}`);
    expect(Object.fromEntries(asked[0]!.form)).toMatchObject({ payment_intent: intent.id, amount: '12000' });
  });

  it('verifies with Stripe before recording: a signed event for an intent Stripe reports unpaid records nothing', async ({
    t,
    seller,
    buyer,
  }) => {
    const booking = await newBooking(t, seller, buyer);
    const intent = await stripeIntentFor(t, buyer, booking, 'requires_payment_method');
    const payload = succeededEvent({ ...intent, status: 'succeeded' });
    const res = await deliver(t, payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(await paymentRows(t, booking.id)).toHaveLength(0);
    expect(await isPaid(t, booking.id)).toBe(false);
  });
});

describe('Stripe without a webhook secret', () => {
  it('has no webhook endpoint', async () => {
    const app = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' });
    try {
      const payload = '{}';
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
        payload,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
