/**
 * Before any test file: the VIN decoder's vPIC database unpacked into its cache file (seconds, once
 * per machine and corgi version), so that no test's time includes it; on PostgreSQL
 * (TEST_DATABASE_URL), a migrated empty database that each file's database is copied from, dropped
 * after the run.
 */
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { prepareVinDatabase } from '../src/modules/vehicles/vin-decoder.ts';
import { freshPostgres } from './postgres-databases.ts';

export default async function setup(project: TestProject) {
  await prepareVinDatabase();
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const template = await freshPostgres(baseUrl);
  const database = await openDatabase({ databaseUrl: template.url });
  await database.close();
  project.provide('migratedPostgres', template.name);
  return () => template.drop();
}
