/**
 * The car form's rules, loaded on its first validation (lib/lazy-resolver.ts), not with the seller's
 * pages: the shared rules of every field, with the numbers read from their text as typed
 * (lib/number-text.ts): text that writes no number is refused at its field, never changed into one.
 */
import { carDeclarationsSchema, carFieldsSchema, withPricesInOrder } from '@redline/shared';
import { z } from 'zod';
import { readCents, readNumber } from '../../../lib/number-text.ts';

/** A field typed as text and judged by the shared `rule` once read; `unreadable` when it writes no number. */
function typed(read: (text: string) => number | undefined, rule: z.ZodNumber, unreadable: string) {
  return z
    .string()
    .transform((text, context) => {
      const value = read(text);
      if (Number.isNaN(value)) context.addIssue({ code: 'custom', message: unreadable });
      return value;
    })
    .pipe(rule);
}

const { shape } = carFieldsSchema;
const typedNumbers = {
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
};

/** Post a Car. */
export const carInputSchema = withPricesInOrder(
  carFieldsSchema.extend({ ...typedNumbers, declarations: carDeclarationsSchema }),
);

/** Editing leaves out the declarations: the seller made them when posting. */
export const carEditSchema = withPricesInOrder(carFieldsSchema.extend(typedNumbers));
