import { describe, expect, it } from 'vitest';
import { amortisationSchedule, loanOf, monthlyPaymentOf, salesTaxOf } from './loan-payments.ts';
import { STATE_SALES_TAX, stateSalesTax } from './market.ts';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('the monthly payment', () => {
  it('matches the published payments of known loans', () => {
    // $20,000 at 6 % over 60 months; $30,000 at 5 % over 60 months; $25,000 at 4.5 % over 72 months.
    expect(monthlyPaymentOf(2_000_000, 600, 60)).toBe(38_666);
    expect(monthlyPaymentOf(3_000_000, 500, 60)).toBe(56_614);
    expect(monthlyPaymentOf(2_500_000, 450, 72)).toBe(39_685);
  });

  it('agrees with the floating-point formula to the cent over a range of loans', () => {
    for (const principal of [100_000, 1_234_567, 21_950_000, 2_000_000_000]) {
      for (const apr of [1, 299, 700, 1999, 3600]) {
        for (const months of [1, 12, 37, 60, 96]) {
          const r = apr / 120_000;
          const expected = Math.round((principal * r) / (1 - (1 + r) ** -months));
          expect(Math.abs(monthlyPaymentOf(principal, apr, months) - expected)).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('divides the amount evenly at 0 % APR', () => {
    expect(monthlyPaymentOf(1_000_000, 0, 36)).toBe(27_778);
  });
});

describe('the amortisation schedule', () => {
  it('gives each month its interest on the balance and the rest off the balance', () => {
    const schedule = amortisationSchedule(2_000_000, 600, 60);
    expect(schedule).toHaveLength(60);
    expect(schedule[0]).toEqual({
      month: 1,
      payment: 38_666,
      interest: 10_000,
      principal: 28_666,
      balance: 1_971_334,
    });
    expect(schedule[1]).toEqual({
      month: 2,
      payment: 38_666,
      interest: 9_857,
      principal: 28_809,
      balance: 1_942_525,
    });
  });

  it('ends on a last payment that absorbs the rounding: the principal sums to the amount financed', () => {
    for (const [principal, apr, months] of [
      [2_000_000, 600, 60],
      [3_789_999, 749, 72],
      [21_950_000, 1250, 84],
      [12_345, 3600, 96],
    ] as const) {
      const schedule = amortisationSchedule(principal, apr, months);
      expect(schedule).toHaveLength(months);
      expect(sum(schedule.map((row) => row.principal))).toBe(principal);
      expect(schedule.at(-1)!.balance).toBe(0);
      const regular = monthlyPaymentOf(principal, apr, months);
      expect(schedule.slice(0, -1).every((row) => row.payment === regular)).toBe(true);
    }
    // $20,000 at 6 %: 59 payments of $386.66, the balance of $384.49 then paid with $1.92 of interest.
    const last = amortisationSchedule(2_000_000, 600, 60).at(-1)!;
    expect(last).toEqual({ month: 60, payment: 38_641, interest: 192, principal: 38_449, balance: 0 });
  });

  it('repays the same amount each month at 0 % APR, the last month taking the cents left', () => {
    const schedule = amortisationSchedule(1_000_000, 0, 36);
    expect(schedule.slice(0, -1).every((row) => row.payment === 27_778 && row.interest === 0)).toBe(true);
    expect(schedule.at(-1)).toEqual({
      month: 36,
      payment: 27_770,
      interest: 0,
      principal: 27_770,
      balance: 0,
    });
    expect(sum(schedule.map((row) => row.payment))).toBe(1_000_000);
  });

  it('ends when a tiny loan is repaid, its rounded payment ahead of its balance', () => {
    const schedule = amortisationSchedule(5, 0, 12);
    expect(sum(schedule.map((row) => row.principal))).toBe(5);
    expect(schedule.at(-1)!.balance).toBe(0);
    expect(schedule.every((row) => row.principal >= 0)).toBe(true);
  });

  it('is empty when nothing is financed', () => {
    expect(amortisationSchedule(0, 600, 60)).toEqual([]);
  });
});

describe('the sales tax', () => {
  it('is charged on the price less the trade-in, to the nearest cent', () => {
    expect(salesTaxOf(5_000_000, 1_000_000, stateSalesTax('CA')!.rate)).toBe(290_000);
    // 6.875 % of $33,333.33 is $2,291.66644: $2,291.67.
    expect(salesTaxOf(3_333_333, 0, stateSalesTax('MN')!.rate)).toBe(229_167);
    expect(salesTaxOf(5_000_000, 6_000_000, stateSalesTax('TX')!.rate)).toBe(0);
    expect(salesTaxOf(5_000_000, 0, stateSalesTax('OR')!.rate)).toBe(0);
  });

  it('has one rate for each state and DC', () => {
    expect(new Set(STATE_SALES_TAX.map((entry) => entry.state)).size).toBe(51);
    expect(stateSalesTax('PR')).toBeUndefined();
  });
});

describe('a car loan', () => {
  it('finances the price and its tax less the down payment and the trade-in', () => {
    const loan = loanOf({
      price: 5_000_000,
      downPayment: 500_000,
      tradeIn: 1_000_000,
      aprBasisPoints: 600,
      termMonths: 60,
      taxRate: stateSalesTax('CA')!.rate,
    });
    expect(loan.taxedAmount).toBe(4_000_000);
    expect(loan.salesTax).toBe(290_000);
    expect(loan.amountFinanced).toBe(3_790_000);
    expect(loan.monthlyPayment).toBe(monthlyPaymentOf(3_790_000, 600, 60));
    expect(loan.totalInterest).toBe(sum(loan.schedule.map((row) => row.interest)));
    expect(loan.totalPaid).toBe(500_000 + sum(loan.schedule.map((row) => row.payment)));
  });
});
