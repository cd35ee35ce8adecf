/**
 * How long the database itself takes for a scenario's main statement: the captured SQL run one at
 * a time through the driver. Unlike HTTP figures this hardly moves with the machine's load, so it
 * shows how each statement grows with the catalogue.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PAGE_SIZE_DEFAULT } from '@redline/shared';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from '../../apps/server/src/db/pglite-extensions.ts';
import { bind, captureStatements, type Driver, type Statement } from '../ceilings/statements.ts';
import { round } from './cli.ts';
import type { Target } from './database.ts';
import type { LoadInputs } from './dataset.ts';

export interface StatementTiming {
  runs: number;
  medianMs: number;
  p95Ms: number;
}

async function openDriver(target: Target): Promise<{ driver: Driver; close(): Promise<void> }> {
  if (target.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 2 });
    return { driver: { engine: 'postgres', pool }, close: () => pool.end() };
  }
  const client = new PGlite({ dataDir: path.join(target.dataDir, 'db'), extensions: PGLITE_EXTENSIONS });
  return { driver: { engine: 'pglite', client }, close: () => client.close() };
}

/** Runs `statement` repeatedly (up to `runs` times or `budgetMs`, at least 5 runs) and summarises. */
async function time(
  driver: Driver,
  statement: Statement,
  inputsFor: () => Record<string, unknown>,
  runs: number,
  budgetMs: number,
): Promise<StatementTiming> {
  const run = async () => {
    const values = bind(statement, inputsFor());
    const started = performance.now();
    if (driver.engine === 'postgres')
      await driver.pool.query({ text: statement.text, values, rowMode: 'array' });
    else await driver.client.query(statement.text, values, { rowMode: 'array' });
    return performance.now() - started;
  };
  await run(); // warm the plan and the buffers
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (samples.length < runs && (samples.length < 5 || performance.now() < deadline))
    samples.push(await run());
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { runs: samples.length, medianMs: round(at(0.5), 2), p95Ms: round(at(0.95), 2) };
}

export async function timeStatements(
  target: Target,
  inputs: LoadInputs,
  options: { runs?: number; budgetMs?: number } = {},
): Promise<Record<string, StatementTiming>> {
  const { driver, close } = await openDriver(target);
  try {
    const statements = await captureStatements(driver, { ...inputs.example, pageSize: PAGE_SIZE_DEFAULT });
    const runs = options.runs ?? 200;
    const budget = options.budgetMs ?? 5_000;
    const randomCar = () => ({ carId: inputs.carIds[Math.floor(Math.random() * inputs.carIds.length)] });
    return {
      'category-page': await time(
        driver,
        statements.categoryPage,
        () => ({ categoryId: inputs.categoryId }),
        runs,
        budget,
      ),
      'car-by-id': await time(driver, statements.carPage, randomCar, runs, budget),
      advertise: await time(driver, statements.advertisedPage, () => ({}), runs, budget),
    };
  } finally {
    await close();
  }
}
