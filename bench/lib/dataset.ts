/** A generated dataset of a given size for a benchmark: reused when it is already there, and what the load needs from it. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BENCH_EMAIL_DOMAIN, benchBuyerEmail, generateDataset, writePlaceholderPhotos } from '../data.ts';
import { formatCount } from './cli.ts';
import { describeTarget, openTarget, type Target, targetEnv } from './database.ts';
import { LOAD_BOOKING_PHONE } from './load.ts';

export interface DatasetInfo {
  cars: number;
  reused: boolean;
  /** Generation speed when it was generated now. */
  carsPerSecond?: number;
  carPhaseCarsPerSecond?: number;
  carsPerCpuSecond?: number;
  cpuSeconds?: { generator: number; database: number | null };
  seconds?: number;
}

async function holdsDataset(target: Target, cars: number): Promise<boolean> {
  if (target.engine === 'pglite' && !existsSync(path.join(target.dataDir, 'db'))) return false;
  const { database, client } = await openTarget(target);
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from cars) as cars,
              (select count(*)::int from users where email not like $1) as foreign_users`,
      [`%@${BENCH_EMAIL_DOMAIN}`],
    );
    return Number(rows[0]?.cars) === cars && Number(rows[0]?.foreign_users) === 0;
  } finally {
    await database.close();
  }
}

/** Generates the dataset unless the target already holds exactly this bench dataset (or `fresh`). */
export async function ensureDataset(
  target: Target,
  cars: number,
  options: { fresh?: boolean; log?: (line: string) => void } = {},
): Promise<DatasetInfo> {
  const log = options.log ?? console.log;
  // The server under test serves them from its DATA_DIR, so pages built on the dataset show
  // pictures; rewritten on reuse too, so a dataset made before a photo variant existed has it.
  const placeholders = () => writePlaceholderPhotos(path.join(targetEnv(target).DATA_DIR!, 'uploads'));
  if (!options.fresh && (await holdsDataset(target, cars))) {
    log(`dataset: reusing ${formatCount(cars)} cars in ${describeTarget(target)} (--fresh regenerates it)`);
    await placeholders();
    return { cars, reused: true };
  }
  log(`dataset: generating ${formatCount(cars)} cars into ${describeTarget(target)}`);
  const result = await generateDataset({ target, cars, log });
  await placeholders();
  log(
    `dataset: ${formatCount(cars)} cars in ${result.seconds} s (${result.carsPerSecond} cars/s overall, ${result.carPhaseCarsPerSecond} cars/s in the car batches, ${result.carsPerCpuSecond} cars per CPU-second)`,
  );
  return {
    cars,
    reused: false,
    carsPerSecond: result.carsPerSecond,
    carPhaseCarsPerSecond: result.carPhaseCarsPerSecond,
    carsPerCpuSecond: result.carsPerCpuSecond,
    cpuSeconds: result.cpuSeconds,
    seconds: result.seconds,
  };
}

/**
 * Removes open bookings an earlier load left behind (a run stopped between booking and
 * cancelling, or a crashed run): they would turn the same buyer's next booking of that car into a 409.
 */
export async function removeLoadBookings(target: Target) {
  const { database, client } = await openTarget(target);
  try {
    await client.query('delete from bookings where buyer_phone = $1 and not is_paid', [LOAD_BOOKING_PHONE]);
  } finally {
    await database.close();
  }
}

export interface LoadInputs {
  categoryId: string;
  carIds: string[];
  bookableCarIds: string[];
  buyers: { id: string; email: string }[];
  /** A bookable car and its seller, for capturing the booking statements. */
  example: { carId: string; sellerId: string; buyerId: string };
}

/** Random cars (the same sample for every server), the largest category, and the buyers who sign in. */
export async function loadInputs(target: Target, buyerCount: number, sample = 2_000): Promise<LoadInputs> {
  const { database, client } = await openTarget(target);
  try {
    const category = await client.query(
      'select category_id from cars where sold_at is null group by category_id order by count(*) desc limit 1',
    );
    // tablesample keeps this cheap at a million cars; the fallback covers tiny datasets.
    const some = async (where: string) => {
      const sampled = await client.query(
        `select id from cars tablesample system (10) where ${where} limit ${sample}`,
      );
      const rows =
        sampled.rows.length >= Math.min(sample, 100)
          ? sampled.rows
          : (await client.query(`select id from cars where ${where} limit ${sample}`)).rows;
      return rows.map((r) => r.id as string);
    };
    const carIds = await some('true');
    // Not a car a bench buyer already holds an unpaid booking of: booking it again is a 409 by design.
    const bookableCarIds = await some(
      `sold_at is null and not exists (select 1 from bookings b join users u on u.id = b.buyer_id
        where b.car_id = cars.id and not b.is_paid and u.email like '%@${BENCH_EMAIL_DOMAIN}')`,
    );
    const emails = Array.from({ length: buyerCount }, (_, i) => benchBuyerEmail(i));
    const buyers = await client.query('select id, email from users where email = any($1::text[])', [emails]);
    const exampleCar = await client.query('select id, seller_id from cars where id = $1', [
      bookableCarIds[0],
    ]);
    if (buyers.rows.length < buyerCount) {
      throw new Error(`the dataset has ${buyers.rows.length} bench buyers; ${buyerCount} are needed`);
    }
    return {
      categoryId: category.rows[0]!.category_id as string,
      carIds,
      bookableCarIds,
      buyers: buyers.rows.map((r) => ({ id: r.id as string, email: r.email as string })),
      example: {
        carId: exampleCar.rows[0]!.id as string,
        sellerId: exampleCar.rows[0]!.seller_id as string,
        buyerId: buyers.rows[0]!.id as string,
      },
    };
  } finally {
    await database.close();
  }
}
