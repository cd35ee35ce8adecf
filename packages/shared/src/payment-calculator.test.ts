import { describe, expect, it } from 'vitest';
import { type LoanInput, loanInputSchema } from './payment-calculator.ts';

const typed: LoanInput = {
  price: '$25,000.50',
  down: '5,000',
  tradeIn: '',
  apr: '6.49%',
  term: '60',
  state: 'CA',
};

/** The first message of each field the schema refuses. */
function messages(input: Partial<LoanInput>) {
  const result = loanInputSchema.safeParse({ ...typed, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.reverse().map((issue) => [issue.path[0], issue.message]));
}

describe('the payment calculator’s fields', () => {
  it('read dollars, a percentage and months as typed into cents, basis points and months', () => {
    expect(loanInputSchema.parse(typed)).toEqual({
      price: 2_500_050,
      downPayment: 500_000,
      tradeIn: 0,
      aprBasisPoints: 649,
      termMonths: 60,
      taxRate: 7250,
    });
    expect(loanInputSchema.parse({ ...typed, price: '25000', apr: '0', tradeIn: '1000.5' })).toMatchObject({
      price: 2_500_000,
      aprBasisPoints: 0,
      tradeIn: 100_050,
    });
  });

  it('say what is wrong with each field', () => {
    expect(messages({ price: '' })).toEqual({ price: 'Enter the price' });
    expect(messages({ price: '25k' })).toEqual({ price: 'Enter the price in dollars, like 25,000' });
    expect(messages({ price: '12.345' })).toEqual({ price: 'Enter the price in dollars, like 25,000' });
    expect(messages({ price: '99' })).toEqual({ price: 'The price must be at least $100' });
    expect(messages({ price: '20,000,001' })).toEqual({ price: 'The price must be at most $20,000,000' });
    expect(messages({ down: '-5' })).toEqual({ down: 'Enter the down payment in dollars, like 5,000' });
    expect(messages({ tradeIn: 'some' })).toEqual({
      tradeIn: 'Enter the trade-in value in dollars, like 5,000',
    });
    expect(messages({ apr: '' })).toEqual({ apr: 'Enter the APR' });
    expect(messages({ apr: '6.125' })).toEqual({
      apr: 'Enter the APR as a percentage with at most two decimals, like 6.5',
    });
    expect(messages({ apr: '36.01' })).toEqual({ apr: 'The APR must be at most 36%' });
    expect(messages({ term: '5.5' })).toEqual({ term: 'Enter the term in whole months, like 60' });
    expect(messages({ term: '0' })).toEqual({ term: 'The term must be from 1 to 96 months' });
    expect(messages({ term: '97' })).toEqual({ term: 'The term must be from 1 to 96 months' });
    expect(messages({ state: 'PR' })).toEqual({ state: 'Choose the state where the car will be registered' });
    expect(messages({ price: '', apr: 'x' })).toEqual({
      price: 'Enter the price',
      apr: 'Enter the APR as a percentage with at most two decimals, like 6.5',
    });
  });

  it('refuse a down payment and trade-in that leave nothing to finance', () => {
    // $25,000 and California's 7.25 % on the $20,000 left after a $5,000 trade-in: $26,450.
    const nothing = 'The down payment and trade-in cover the price and its tax: there is nothing to finance';
    expect(messages({ price: '25,000', tradeIn: '5,000', down: '21,450' })).toEqual({ down: nothing });
    expect(messages({ price: '25,000', tradeIn: '5,000', down: '21,449.99' })).toEqual({});
  });
});
