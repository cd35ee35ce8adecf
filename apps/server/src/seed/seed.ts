/**
 * Demo data: the seven categories, demo accounts of every role, and their cars with photos drawn
 * by the project (SVG art from @redline/demo-art rendered with sharp, then sent through the real
 * photo pipeline). Idempotent: what exists is left alone. It refuses a database with non-demo
 * accounts unless forced. The art is loaded only when seeding, never by a server that has its data.
 */
import { DEMO_CARS, DEMO_CATEGORIES, DEMO_PASSWORD, DEMO_USERS } from '@redline/demo-art/data';
import { carName, localDateString, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { advertisements, bookings, cars, categories, listingDays, reviews, users } from '../db/schema.ts';
import { publish } from '../events/index.ts';
import { carCoverUrl } from '../modules/cars/index.ts';
import { bannerFiles, bannerView } from '../modules/categories/index.ts';
import { ingestPhoto } from '../modules/photos/index.ts';
import { linkToCatalogue } from '../modules/vehicles/index.ts';
import { demoListingDays } from './demo-activity.ts';
import { seedDemoDealers } from './demo-dealers.ts';
import { demoCarPlace, placeDemoData } from './demo-places.ts';
import { demoReviews } from './demo-reviews.ts';
import { isEmpty } from './first-start.ts';

type SeedContext = Pick<AppContext, 'database' | 'auth' | 'photos'>;
type Art = typeof import('@redline/demo-art');

/** Drawn at 960 px: the 480 and 960 variants cover cards and the detail page, and the first start stays quick. */
const CAR_PHOTO_WIDTH = 960;

export class SeedRefusedError extends Error {}

/** Seeds on first start: only when the database has no users and no categories at all. */
export async function seedIfEmpty(context: SeedContext, log: FastifyBaseLogger) {
  if (!(await isEmpty(context.database))) return;
  log.info('empty database: seeding demo data (first start only)');
  await seed(context, log);
}

export async function seed(context: SeedContext, log: FastifyBaseLogger, options: { force?: boolean } = {}) {
  const { db } = context.database;
  const [foreign] = await db.select({ n: count() }).from(users).where(eq(users.isDemo, false));
  if ((foreign?.n ?? 0) > 0 && !options.force) {
    throw new SeedRefusedError(
      'This database holds accounts that are not demo data; the seed will not touch it. Run it with --force to add the demo data anyway.',
    );
  }
  const art = await import('@redline/demo-art');
  await seedCategories(context, art);
  const sellerIds = await seedUsers(context);
  const added = await seedCars(context, sellerIds, art);
  const placed = await placeDemoData(db);
  const dealers = await seedDemoDealers(context);
  const reviewed = await seedReviews(context, sellerIds);
  log.info({ cars: added, placed, dealers, reviews: reviewed }, 'demo data in place');
}

async function seedCategories({ database, photos }: SeedContext, art: Art) {
  const existing = new Set(
    (await database.db.select({ id: categories.id }).from(categories)).map((c) => c.id),
  );
  for (const [index, category] of DEMO_CATEGORIES.entries()) {
    if (existing.has(category.id)) continue;
    const icon = `category-${category.id}-icon.webp`;
    await photos.put(icon, await art.renderWebp(art.categoryIconSvg(category.id), 128), 'image/webp');
    // Each width drawn from the SVG, so the small one is as crisp as the large one.
    const banner = art.categoryImageSvg(category.id);
    for (const { name, width } of bannerFiles(category.id)) {
      await photos.put(name, await art.renderWebp(banner, width), 'image/webp');
    }
    await database.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(categories)
        .values({
          id: category.id,
          name: category.name,
          icon: photos.url(icon),
          image: bannerView(photos, category.id).src,
          position: index + 1,
        })
        .onConflictDoNothing()
        .returning({ id: categories.id });
      if (inserted.length > 0) await publish(tx, 'category.added', { categoryId: category.id });
    });
  }
}

/** Creates missing demo accounts through Better Auth (so the password is hashed as for anyone). */
async function seedUsers({ database, auth }: SeedContext): Promise<Map<string, string>> {
  const { db } = database;
  for (const demo of DEMO_USERS) {
    const found = await db.query.users.findFirst({ where: eq(users.email, demo.email) });
    if (!found) {
      await auth.api.signUpEmail({
        body: {
          name: demo.name,
          email: demo.email,
          password: DEMO_PASSWORD,
          role: demo.role === 'Seller' ? 'Seller' : 'Buyer',
        },
      });
      await db
        .update(users)
        .set({ role: demo.role, isVerified: demo.isVerified, isDemo: true, emailVerified: true })
        .where(eq(users.email, demo.email));
    }
  }
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  return new Map(rows.map((r) => [r.email, r.id]));
}

async function seedCars(
  { database, photos }: SeedContext,
  sellerIds: Map<string, string>,
  art: Art,
): Promise<number> {
  const { db } = database;
  let added = 0;
  for (const [index, demo] of DEMO_CARS.entries()) {
    const sellerId = sellerIds.get(demo.sellerEmail);
    if (!sellerId) continue;
    const exists = await db.query.cars.findFirst({
      where: and(
        eq(cars.sellerId, sellerId),
        eq(cars.brand, demo.brand),
        eq(cars.model, demo.model),
        eq(cars.year, demo.year),
      ),
      columns: { id: true },
    });
    if (exists) continue;

    // A car's photos are drawn side by side: rendering happens in libvips threads, off the event loop.
    const keys = await Promise.all(
      Array.from({ length: demo.photoCount }, async (_, i) => {
        const svg = art.carPhotoSvg({
          brand: demo.brand,
          model: demo.model,
          colour: demo.colour,
          shape: demo.shape,
          seed: index * 10 + i,
          view: art.CAR_VIEWS[i % art.CAR_VIEWS.length]!,
        });
        return (await ingestPhoto({ database, photos }, await art.renderWebp(svg, CAR_PHOTO_WIDTH), sellerId))
          .key;
      }),
    );
    const addedDate = new Date(Date.now() - demo.addedDaysAgo * 86_400_000 - index * 60_000);
    // What the listing says of the car; the rest of a demo car is how it is drawn and placed.
    const { sellerEmail, colour, shape, photoCount, advertised, addedDaysAgo, soldDaysAgo, ...listing } =
      demo;
    await db.transaction(async (tx) => {
      const [car] = await tx
        .insert(cars)
        .values({
          ...listing,
          // The demo spells makes and models as the catalogue does: linked as a seller's car is.
          ...(await linkToCatalogue(tx, demo.brand, demo.model)),
          ...demoCarPlace(index),
          sellerId,
          photos: keys,
          addedDate,
          // A sold demo car is a comparable of the market value (sold at its asking price), not for sale.
          soldAt: soldDaysAgo === undefined ? null : new Date(Date.now() - soldDaysAgo * 86_400_000),
        })
        .returning({ id: cars.id });
      if (demo.advertised) await tx.insert(advertisements).values({ carId: car!.id, createdAt: addedDate });
      const days = demoListingDays(car!.id, index, demo);
      if (days.length > 0) await tx.insert(listingDays).values(days);
      await publish(tx, 'car.posted', { carId: car!.id, sellerId });
    });
    added += 1;
  }
  return added;
}

const DAY_MS = 86_400_000;

/**
 * The demo's reviews (demo-reviews.ts), each on a test drive that took place: an accepted booking
 * of one of the seller's cars, weeks ago. A seller who has reviews already is left alone.
 */
async function seedReviews({ database, photos }: SeedContext, userIds: Map<string, string>): Promise<number> {
  const { db } = database;
  const people = new Map(
    (
      await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, [...userIds.values()]))
    ).map((person) => [person.email, person]),
  );
  let added = 0;
  const planned = demoReviews();
  for (const sellerEmail of new Set(planned.map((review) => review.sellerEmail))) {
    const seller = people.get(sellerEmail);
    if (!seller) continue;
    const [reviewed] = await db.select({ n: count() }).from(reviews).where(eq(reviews.sellerId, seller.id));
    if ((reviewed?.n ?? 0) > 0) continue;
    const theirCars = await db
      .select()
      .from(cars)
      .where(eq(cars.sellerId, seller.id))
      .orderBy(asc(cars.addedDate), asc(cars.id));
    await db.transaction(async (tx) => {
      for (const review of planned.filter((one) => one.sellerEmail === sellerEmail)) {
        const car = theirCars[review.car];
        const buyer = people.get(review.buyerEmail);
        if (!car || !buyer) continue;
        const drove = new Date(Date.now() - review.daysAgo * DAY_MS);
        const [booking] = await tx
          .insert(bookings)
          .values({
            carId: car.id,
            carName: carName(car),
            carPhoto: carCoverUrl({ photos }, car.photos, CAR_PHOTO_WIDTH),
            sellerId: seller.id,
            sellerName: seller.name,
            sellerEmail: seller.email,
            buyerId: buyer.id,
            buyerName: buyer.name,
            buyerEmail: buyer.email,
            buyerPhone: '+1 512 555 0142',
            requestedDate: localDateString(drove),
            requestedTime: review.time,
            requestedLocation: 'At the showroom',
            price: TEST_DRIVE_FEE_CENTS,
            status: 'accepted',
            createdAt: new Date(drove.getTime() - 5 * DAY_MS),
          })
          .returning({ id: bookings.id });
        const writtenAt = new Date(drove.getTime() + DAY_MS);
        await tx.insert(reviews).values({
          bookingId: booking!.id,
          buyerId: buyer.id,
          sellerId: seller.id,
          carName: carName(car),
          experience: review.experience,
          accuracy: review.accuracy,
          communication: review.communication,
          body: review.body,
          answer: review.answer,
          answeredAt: review.answer === null ? null : new Date(writtenAt.getTime() + DAY_MS),
          createdAt: writtenAt,
        });
        added += 1;
      }
    });
  }
  return added;
}
