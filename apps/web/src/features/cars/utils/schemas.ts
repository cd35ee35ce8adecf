/**
 * The car form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the seller's
 * pages: the shared rules of every field, with the numbers read from their text as typed
 * (lib/number-text.ts): text that writes no number is refused at its field, never changed into one.
 * An optional field left empty is sent as null. The mileage and the top speed are typed in the
 * visitor's units and sent in km and km/h (packages/shared's units.ts).
 */
import {
  type Car,
  carDeclarationsSchema,
  carFieldsSchema,
  topSpeedSchema,
  type UnitSystem,
  wholeKmFrom,
  withPricesInOrder,
  withVinFitsYear,
} from '@redline/shared';
import { z } from 'zod';
import { readCents, readNumber } from '../../../lib/number-text.ts';

type Read = (text: string) => number | undefined;

/** What the text writes, `unreadable` said at the field when it writes no number. */
const readOrSay = (read: Read, unreadable: string) => (text: string, context: z.RefinementCtx) => {
  const value = read(text);
  if (Number.isNaN(value)) context.addIssue({ code: 'custom', message: unreadable });
  return value;
};

/** A field typed as text and judged by the shared `rule` once read; `unreadable` when it writes no number. */
function typed(read: Read, rule: z.ZodNumber, unreadable: string) {
  return z.string().transform(readOrSay(read, unreadable)).pipe(rule);
}

/**
 * A whole number typed in `units`, read as the whole km (or km/h) it is stored as; `shown`, the
 * stored value the field started with, stays as it is when typed back (`wholeKmFrom`). A number
 * that is not whole is left for the rule to refuse.
 */
const readInUnits =
  (units: UnitSystem, shown: number | undefined): Read =>
  (text) => {
    const value = readNumber(text);
    return value !== undefined && Number.isInteger(value) ? wholeKmFrom(value, units, shown) : value;
  };

/** An optional number: left empty, it is sent as null (the seller does not say). */
function typedOrNone(read: Read, rule: z.ZodNumber, unreadable: string) {
  const readText = readOrSay(read, unreadable);
  return z
    .string()
    .transform((text, context) => (text.trim() === '' ? null : readText(text, context)))
    .pipe(rule.nullable());
}

/** An optional text or choice: left empty, it is sent as null, never as "". */
const emptyAsNone = <T extends z.ZodType>(rule: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), rule);

const { shape } = carFieldsSchema;

/** The fields typed as text: the mileage and top speed in `units`, those of `car` kept when typed back. */
const typedFields = (units: UnitSystem, car?: Pick<Car, 'topSpeed' | 'kmDriven'>) => ({
  year: typed(readNumber, shape.year, 'Choose a year from the list'),
  askingPrice: typed(
    readCents,
    shape.askingPrice,
    'Enter the asking price in dollars, like 12500 or 12,500.50',
  ),
  originalPrice: typed(
    readCents,
    shape.originalPrice,
    'Enter the original price in dollars, like 12500 or 12,500.50',
  ),
  topSpeed: typed(
    readInUnits(units, car?.topSpeed),
    topSpeedSchema(units),
    'Enter the top speed in digits, like 180',
  ),
  kmDriven: typed(
    readInUnits(units, car?.kmDriven),
    shape.kmDriven,
    'Enter the mileage in digits, like 12,000',
  ),
  doors: typedOrNone(readNumber, shape.doors.unwrap().unwrap(), 'Choose the doors from the list'),
  seats: typedOrNone(readNumber, shape.seats.unwrap().unwrap(), 'Choose the seats from the list'),
  previousOwners: typedOrNone(
    readNumber,
    shape.previousOwners.unwrap().unwrap(),
    'Enter the previous owners in digits, like 2',
  ),
  trim: emptyAsNone(shape.trim),
  vin: emptyAsNone(shape.vin),
  exteriorColourName: emptyAsNone(shape.exteriorColourName),
  interiorColour: emptyAsNone(shape.interiorColour),
  interiorColourName: emptyAsNone(shape.interiorColourName),
  titleStatus: emptyAsNone(shape.titleStatus),
});

/** Post a Car, its mileage and top speed typed in `units`. */
export const carInputSchema = (units: UnitSystem) =>
  withVinFitsYear(
    withPricesInOrder(carFieldsSchema.extend({ ...typedFields(units), declarations: carDeclarationsSchema })),
  );

/** Edit `car`: the declarations are left out, the seller made them when posting. */
export const carEditSchema = (units: UnitSystem, car: Pick<Car, 'topSpeed' | 'kmDriven'>) =>
  withVinFitsYear(withPricesInOrder(carFieldsSchema.extend(typedFields(units, car))));
