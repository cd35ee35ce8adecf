/**
 * A car loan's arithmetic, in integer cents and exact: the payment calculator of a car's page
 * (docs/payments.md#the-payment-calculator). Rates are integers too (an APR in basis points, a tax
 * rate in thousandths of a percent), so every step is a division of integers rounded half up, done
 * in BigInt: no floating point decides a cent. No zod here: car pages compute with it.
 */

/** What the buyer enters, in cents, basis points (an APR of 6.5 % is 650) and months. */
export interface LoanTerms {
  price: number;
  downPayment: number;
  tradeIn: number;
  aprBasisPoints: number;
  termMonths: number;
  /** The state's sales tax rate, in thousandths of a percent (market.ts). */
  taxRate: number;
}

/** One month of an amortisation schedule, in cents; `balance` is what is owed after the payment. */
export interface ScheduledPayment {
  month: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

export interface Loan {
  /** The price less the trade-in, never below 0: what the sales tax is charged on. */
  taxedAmount: number;
  salesTax: number;
  /** The price and its tax, less the down payment and the trade-in. */
  amountFinanced: number;
  /** Every month's payment but the last, which absorbs the rounding. */
  monthlyPayment: number;
  totalInterest: number;
  /** What the buyer pays in all: the down payment and every monthly payment. */
  totalPaid: number;
  schedule: ScheduledPayment[];
}

/** A twelfth of an APR in basis points is a monthly rate over 120,000. */
const MONTHLY_RATE_DENOMINATOR = 120_000n;
/** A tax rate in thousandths of a percent is a fraction over 100,000. */
const TAX_RATE_DENOMINATOR = 100_000n;

/** numerator / denominator, both non-negative, rounded to the nearest integer, halves up. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * The sales tax of a car: the rate on the price less the trade-in (the rule of most states, which
 * tax only the difference; a few, California among them, tax the whole price).
 */
export function salesTaxOf(price: number, tradeIn: number, taxRate: number): number {
  const taxed = BigInt(Math.max(0, price - tradeIn));
  return Number(divideRounded(taxed * BigInt(taxRate), TAX_RATE_DENOMINATOR));
}

/**
 * The level monthly payment that repays `principal` cents over `months` at the APR, to the nearest
 * cent: P·r / (1 − (1 + r)^−n) with r = apr / 12, written as a fraction of integers; P / n at 0 %.
 */
export function monthlyPaymentOf(principal: number, aprBasisPoints: number, months: number): number {
  const amount = BigInt(principal);
  const n = BigInt(months);
  if (aprBasisPoints === 0) return Number(divideRounded(amount, n));
  const rate = BigInt(aprBasisPoints);
  const growth = (MONTHLY_RATE_DENOMINATOR + rate) ** n;
  const numerator = amount * rate * growth;
  const denominator = MONTHLY_RATE_DENOMINATOR * (growth - MONTHLY_RATE_DENOMINATOR ** n);
  return Number(divideRounded(numerator, denominator));
}

/**
 * Month by month: the interest on the balance (to the cent), the rest of the payment off the
 * balance. The last payment is the balance left and its interest, so that the principal paid sums
 * to the amount financed exactly.
 */
export function amortisationSchedule(
  principal: number,
  aprBasisPoints: number,
  months: number,
): ScheduledPayment[] {
  const payment = monthlyPaymentOf(principal, aprBasisPoints, months);
  const rate = BigInt(aprBasisPoints);
  const schedule: ScheduledPayment[] = [];
  let balance = principal;
  for (let month = 1; month <= months && balance > 0; month++) {
    const interest = Number(divideRounded(BigInt(balance) * rate, MONTHLY_RATE_DENOMINATOR));
    // A tiny loan's rounded payment can run ahead of its balance: it ends the month it is repaid.
    const repaid = month === months ? balance : Math.min(payment - interest, balance);
    balance -= repaid;
    schedule.push({ month, payment: repaid + interest, interest, principal: repaid, balance });
  }
  return schedule;
}

/** The whole loan of a car's purchase: its tax, what is financed, and the schedule that repays it. */
export function loanOf(terms: LoanTerms): Loan {
  const salesTax = salesTaxOf(terms.price, terms.tradeIn, terms.taxRate);
  const amountFinanced = Math.max(0, terms.price + salesTax - terms.downPayment - terms.tradeIn);
  const schedule = amortisationSchedule(amountFinanced, terms.aprBasisPoints, terms.termMonths);
  const totalInterest = schedule.reduce((sum, row) => sum + row.interest, 0);
  return {
    taxedAmount: Math.max(0, terms.price - terms.tradeIn),
    salesTax,
    amountFinanced,
    monthlyPayment: schedule[0]?.payment ?? 0,
    totalInterest,
    totalPaid: terms.downPayment + amountFinanced + totalInterest,
    schedule,
  };
}
