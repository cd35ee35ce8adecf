/**
 * A VIN on two cars for sale is a duplicate listing or a stolen car's: when a car is posted, its
 * VIN changed or it goes back on sale, and another car for sale has that VIN, Redline reports the
 * car to the admins itself, in the same transaction, in the Reported Items they already use (ADR 42).
 */
import { carName, REPORT_DETAILS_MAX_LENGTH, type ReportReason } from '@redline/shared';
import type { AppContext } from '../../context.ts';
import type { Db, Statements, Tx } from '../../db/client.ts';
import { carsForSaleSharingVin } from '../cars/index.ts';
import { insertAutomaticReport } from './reports.repository.ts';

/** Who the admins see as the reporter of Redline's own reports. */
export const AUTOMATIC_REPORTER = 'Redline';
const REASON: ReportReason = 'Other';
/** The other cars the details name; the rest are counted. */
const CARS_NAMED = 5;

async function flagIfShared(statements: Statements, tx: Db | Tx, carId: string) {
  const others = await carsForSaleSharingVin(statements, tx, carId);
  if (others.length === 0) return;
  const named = others.slice(0, CARS_NAMED).map((car) => `${carName(car)} (${car.id})`);
  const more = others.length - named.length;
  const details = `Automatic check: the VIN ${others[0]!.vin} is also on ${named.join(', ')}${
    more > 0 ? ` and ${more} more` : ''
  }, for sale. A duplicate listing, or a stolen car's?`;
  await insertAutomaticReport(tx, {
    carId,
    reason: REASON,
    details: details.slice(0, REPORT_DETAILS_MAX_LENGTH),
  });
}

export function flagSharedVins({ database }: AppContext): (() => void)[] {
  return [
    database.events.react('car.posted', (tx, { carId }) => flagIfShared(database.statements, tx, carId)),
    database.events.react('car.updated', async (tx, { carId, vinChanged, relisted }) => {
      if (vinChanged || relisted) await flagIfShared(database.statements, tx, carId);
    }),
  ];
}
