/**
 * Test data for the buyer-journey and moderation specs, made through the real API so that every
 * test owns its users and cars: fresh accounts (sign-up), a seller's car (upload + POST /api/cars),
 * a booking, a saved car; and a team invitation's e-mailed link, from the server's dev outbox.
 * Nothing here touches the demo data.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { baseURL, expect, type SignUpRole, signUpViaApi, uniqueEmail } from '../fixtures.ts';
import { TEST_CARD } from './test-card.ts';

export const PASSWORD = 'e2e-password-1';

export interface Account {
  name: string;
  email: string;
  role: SignUpRole;
}

export interface PostedCar {
  id: string;
  /** As dashboards show it: "year brand model". */
  name: string;
  /** Unique per test: find the car by it. */
  model: string;
}

const write = { headers: () => ({ origin: baseURL() }) };

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A short random tag that keeps names unique across parallel tests. */
export function tag(): string {
  return Math.random().toString(36).slice(2, 7).toUpperCase();
}

/** Signs up a new account through the API; `request` (e.g. `page.request`) is signed in as it afterwards. */
export async function signUp(request: APIRequestContext, role: SignUpRole, name: string): Promise<Account> {
  const email = uniqueEmail(role.toLowerCase());
  await signUpViaApi(request, { name, email, password: PASSWORD, role });
  return { name, email, role };
}

/** Signs `request` (e.g. `page.request`, sharing the page's cookies) in as an existing account. */
export async function signInViaApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const response = await request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: write.headers(),
  });
  if (!response.ok())
    throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 720×480 PNG with a diagonal gradient: above the upload's 480 px minimum side. */
export function carPhotoPng(hue: [number, number, number] = [180, 30, 40]): Buffer {
  const width = 720;
  const height = 480;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < width; x++) {
      const shade = (x + y) / (width + height);
      raw[row + 1 + x * 3] = Math.round(hue[0] * (1 - shade) + 20 * shade);
      raw[row + 2 + x * 3] = Math.round(hue[1] * (1 - shade) + 20 * shade);
      raw[row + 3 + x * 3] = Math.round(hue[2] * (1 - shade) + 24 * shade);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads a car photo as the seller `request` is signed in as; its key, which a car's `photos` name. */
export async function uploadPhotoViaApi(request: APIRequestContext): Promise<string> {
  const photo = await ok<{ key: string }>(
    await request.post('/api/uploads', {
      multipart: { file: { name: 'car.png', mimeType: 'image/png', buffer: carPhotoPng() } },
      headers: write.headers(),
    }),
    'uploading a photo',
  );
  return photo.key;
}

const WEEKDAY = [{ open: '09:00', close: '18:00' }];

/** Makes the seller `request` is signed in as a dealer named `business`, in Beverly Hills, open on weekdays. */
export async function becomeDealerViaApi(request: APIRequestContext, business: string): Promise<void> {
  await ok(
    await request.put('/api/me/dealer', {
      headers: write.headers(),
      data: {
        businessName: business,
        logo: null,
        street: '9000 Wilshire Blvd',
        postalCode: '90210',
        hours: {
          monday: WEEKDAY,
          tuesday: WEEKDAY,
          wednesday: WEEKDAY,
          thursday: WEEKDAY,
          friday: WEEKDAY,
          saturday: [],
          sunday: [],
        },
        phone: '(310) 555-0142',
        website: '',
        about: '',
      },
    }),
    'becoming a dealer',
  );
}

/**
 * Posts a car as the seller `request` is signed in as: uploads a photo, then creates the car (a
 * Lotus asking $89,500 unless `brand`, `askingPrice` (in cents) or `about` say otherwise; a white
 * manual rear-wheel-drive coupe, with any other fields of the form in `specifications`).
 */
export async function postCar(
  request: APIRequestContext,
  model: string,
  {
    brand = 'Lotus',
    askingPrice = 8_950_000,
    about = 'One careful owner, full service history, never tracked. Posted by an end-to-end test.',
    specifications = {},
  }: { brand?: string; askingPrice?: number; about?: string; specifications?: Record<string, unknown> } = {},
): Promise<PostedCar> {
  const categories = await ok<{ id: string }[]>(await request.get('/api/categories'), 'listing categories');
  const categoryId = categories[0]?.id;
  if (!categoryId) throw new Error('no categories: the demo data was not seeded');

  const photo = await uploadPhotoViaApi(request);

  const year = new Date().getFullYear() - 2;
  const car = await ok<{ id: string }>(
    await request.post('/api/cars', {
      data: {
        year,
        brand,
        model,
        categoryId,
        engine: '3.5 V6 supercharged',
        fuel: 'Petrol',
        bodyStyle: 'Coupe',
        transmission: 'Manual',
        drivetrain: 'RWD',
        exteriorColour: 'White',
        about,
        askingPrice,
        originalPrice: Math.max(askingPrice, 10_500_000),
        topSpeed: 290,
        kmDriven: 8_400,
        ...specifications,
        postalCode: '90210',
        photos: [photo],
        declarations: {
          noAccident: true,
          noLitigation: true,
          odometerGenuine: true,
          acceptLegalAction: true,
        },
      },
      headers: write.headers(),
    }),
    'posting a car',
  );
  return { id: car.id, name: `${year} ${brand} ${model}`, model };
}

/** `YYYY-MM-DD` of a day `days` from today, in this machine's (and the test server's) time zone. */
export function dayFromToday(days: number): string {
  const now = new Date();
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** Books a test drive as the buyer `request` is signed in as. */
export async function bookViaApi(
  request: APIRequestContext,
  carId: string,
  city: string,
): Promise<{ id: string }> {
  return ok(
    await request.post('/api/testdrivebooking', {
      data: { carId, phone: '+1 512 555 0142', city, date: dayFromToday(10), time: '15:00' },
      headers: write.headers(),
    }),
    'booking a test drive',
  );
}

export async function saveViaApi(request: APIRequestContext, carId: string): Promise<void> {
  await ok(
    await request.post('/api/savedpost', { data: { carId }, headers: write.headers() }),
    'saving a car',
  );
}

/** Changes the asking price (USD cents) of a car of the seller `request` is signed in as. */
export async function repriceViaApi(
  request: APIRequestContext,
  carId: string,
  askingPrice: number,
): Promise<void> {
  await ok(
    await request.patch(`/api/cars/${carId}`, { data: { askingPrice }, headers: write.headers() }),
    'changing a price',
  );
}

export async function reportViaApi(
  request: APIRequestContext,
  carId: string,
  details: string,
): Promise<void> {
  await ok(
    await request.post('/api/reportedpost', {
      data: { carId, reason: 'Suspected fraud', details },
      headers: write.headers(),
    }),
    'reporting a car',
  );
}

/** Pays a booking's fee as its buyer (`request`) with the test card, as the pay page does. */
export async function payViaApi(request: APIRequestContext, bookingId: string): Promise<void> {
  const { clientSecret } = await ok<{ clientSecret: string }>(
    await request.post('/api/create-payment-intent', { data: { bookingId }, headers: write.headers() }),
    'starting a payment',
  );
  const { transactionId } = await ok<{ transactionId: string }>(
    await request.post('/api/payments/test-mode/confirm', {
      data: { clientSecret, card: TEST_CARD },
      headers: write.headers(),
    }),
    'confirming a payment',
  );
  await ok(
    await request.post('/api/payment', { data: { bookingId, transactionId }, headers: write.headers() }),
    'recording a payment',
  );
}

/** Marks a car of the seller `request` is signed in as sold. */
export async function markSoldViaApi(request: APIRequestContext, carId: string): Promise<void> {
  await ok(
    await request.patch(`/api/cars/${carId}`, { data: { sold: true }, headers: write.headers() }),
    'marking a car sold',
  );
}

/** The link of the latest invitation the server wrote to its outbox for `email`. */
export async function emailedInvitation(email: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(async () => {
      const files = (await readdir(outbox)).sort();
      for (const file of files.reverse()) {
        const mail = JSON.parse(await readFile(path.join(outbox, file), 'utf8')) as {
          to: string;
          text: string;
        };
        if (mail.to !== email) continue;
        link = mail.text.match(/https?:\/\/\S+\/team\/invitations\/[\w-]+/)?.[0];
        return link;
      }
      return undefined;
    })
    .toBeTruthy();
  return new URL(link!).pathname;
}
