/**
 * The car form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the seller's
 * pages: the shared rules of every field, with the numbers read from their text as typed
 * (lib/number-text.ts): text that writes no number is refused at its field, never changed into one.
 * An optional field left empty is sent as null.
 */
import { carDeclarationsSchema, carFieldsSchema, withPricesInOrder, withVinFitsYear } from '@redline/shared';
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
const typedFields = {
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
  topSpeed: typed(readNumber, shape.topSpeed, 'Enter the top speed in digits, like 280'),
  kmDriven: typed(readNumber, shape.kmDriven, 'Enter the km driven in digits, like 12,000'),
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
};

/** Post a Car. */
export const carInputSchema = withVinFitsYear(
  withPricesInOrder(carFieldsSchema.extend({ ...typedFields, declarations: carDeclarationsSchema })),
);

/** Editing leaves out the declarations: the seller made them when posting. */
export const carEditSchema = withVinFitsYear(withPricesInOrder(carFieldsSchema.extend(typedFields)));
