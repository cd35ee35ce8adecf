import { z } from 'zod';
import { CAR_PRICE_MAX_CENTS, CAR_PRICE_MIN_CENTS } from './constants.ts';
import { formatMoney } from './format.ts';
import { type LoanTerms, salesTaxOf } from './loan-payments.ts';
import { stateSalesTax } from './market.ts';

/**
 * The payment calculator's fields as typed (and as the page's address keeps them, under the same
 * names), read into a loan's terms in cents, basis points and months, with a message per field.
 */

/** The highest APR the calculator takes: 36 %, the cap of most states' small-loan laws. */
const LOAN_APR_MAX_BASIS_POINTS = 3600;
/** The longest term the calculator takes: 96 months, the longest car loans lenders write. */
const LOAN_TERM_MAX_MONTHS = 96;

/** Dollars as en-US writes them: "$25,000", "25000", "25,000.50". */
const DOLLARS_TEXT = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
/** A percentage with at most two decimals: "6.5", "6.49%". */
const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/;

/** The whole part and up to two decimals, as an integer in hundredths, without floating point. */
function hundredths(whole: string, decimals: string | undefined): number {
  return Number(whole.replaceAll(',', '')) * 100 + Number((decimals ?? '').padEnd(2, '0'));
}

const dollars = (unreadable: string) =>
  z
    .string()
    .trim()
    .regex(DOLLARS_TEXT, unreadable)
    .transform((text) => {
      const [, whole, decimals] = DOLLARS_TEXT.exec(text)!;
      return hundredths(whole!, decimals);
    });

/** A down payment or a trade-in value: an empty field is none. */
const optionalDollars = (name: string) =>
  z
    .string()
    .trim()
    .transform((text) => text || '0')
    .pipe(dollars(`Enter the ${name} in dollars, like 5,000`))
    .pipe(
      z.number().max(CAR_PRICE_MAX_CENTS, `The ${name} must be at most ${formatMoney(CAR_PRICE_MAX_CENTS)}`),
    );

export const loanInputSchema = z
  .object({
    price: z
      .string()
      .trim()
      .min(1, 'Enter the price')
      .pipe(dollars('Enter the price in dollars, like 25,000'))
      .pipe(
        z
          .number()
          .min(CAR_PRICE_MIN_CENTS, `The price must be at least ${formatMoney(CAR_PRICE_MIN_CENTS)}`)
          .max(CAR_PRICE_MAX_CENTS, `The price must be at most ${formatMoney(CAR_PRICE_MAX_CENTS)}`),
      ),
    down: optionalDollars('down payment'),
    tradeIn: optionalDollars('trade-in value'),
    apr: z
      .string()
      .trim()
      .min(1, 'Enter the APR')
      .regex(PERCENT_TEXT, 'Enter the APR as a percentage with at most two decimals, like 6.5')
      .transform((text) => {
        const [, whole, decimals] = PERCENT_TEXT.exec(text)!;
        return hundredths(whole!, decimals);
      })
      .pipe(
        z
          .number()
          .max(LOAN_APR_MAX_BASIS_POINTS, `The APR must be at most ${LOAN_APR_MAX_BASIS_POINTS / 100}%`),
      ),
    term: z
      .string()
      .trim()
      .min(1, 'Enter the term in months')
      .regex(/^\d{1,3}$/, 'Enter the term in whole months, like 60')
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, `The term must be from 1 to ${LOAN_TERM_MAX_MONTHS} months`)
          .max(LOAN_TERM_MAX_MONTHS, `The term must be from 1 to ${LOAN_TERM_MAX_MONTHS} months`),
      ),
    state: z
      .string()
      .refine((state) => stateSalesTax(state), 'Choose the state where the car will be registered'),
  })
  .transform(
    (input): LoanTerms => ({
      price: input.price,
      downPayment: input.down,
      tradeIn: input.tradeIn,
      aprBasisPoints: input.apr,
      termMonths: input.term,
      taxRate: stateSalesTax(input.state)!.rate,
    }),
  )
  .refine(
    (terms) =>
      terms.downPayment + terms.tradeIn < terms.price + salesTaxOf(terms.price, terms.tradeIn, terms.taxRate),
    {
      path: ['down'],
      message: 'The down payment and trade-in cover the price and its tax: there is nothing to finance',
    },
  );

/** The calculator's fields, as typed and as the address keeps them. */
export type LoanInput = z.input<typeof loanInputSchema>;
export type LoanField = keyof LoanInput;
