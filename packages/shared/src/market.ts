/**
 * The market Redline sells in, the United States: its currency, and what the payment calculator
 * starts from (a loan's APR and term, the sales tax of each state). Its units are units.ts's
 * `DEFAULT_UNIT_SYSTEM`, which the server's MARKET_UNITS may change. No zod here: car pages read it.
 */

/** The currency of every price (integer cents of it on the wire), as ISO 4217 names it. */
export const MARKET_CURRENCY = 'USD';

/**
 * The loan the payment calculator shows before the buyer types their own: an APR in basis points
 * (7.00 %) and a term in months. Round figures a buyer replaces with their lender's offer, not a rate
 * anyone quoted.
 */
export const MARKET_LOAN = { aprBasisPoints: 700, termMonths: 60 } as const;

/**
 * A state's (or DC's) general sales tax rate at the state level, in thousandths of a percent (6.875 %
 * is 6875): local sales taxes are left out, and so are the rules some states have for cars (a
 * separate motor vehicle tax or title fee, a lower rate, a cap), so the tax it gives is an estimate.
 *
 * Source: Tax Foundation, "State and Local Sales Tax Rates, 2025", the state rates in force on
 * January 1, 2025 (https://taxfoundation.org/data/all/state/sales-tax-rates-2025/). California's
 * 7.25 %, Utah's 6.10 % and Virginia's 5.30 % include the local rate levied statewide, as that table
 * counts them. Alaska, Delaware, Montana, New Hampshire and Oregon have no state sales tax.
 */
export const STATE_SALES_TAX = [
  { state: 'AL', name: 'Alabama', rate: 4000 },
  { state: 'AK', name: 'Alaska', rate: 0 },
  { state: 'AZ', name: 'Arizona', rate: 5600 },
  { state: 'AR', name: 'Arkansas', rate: 6500 },
  { state: 'CA', name: 'California', rate: 7250 },
  { state: 'CO', name: 'Colorado', rate: 2900 },
  { state: 'CT', name: 'Connecticut', rate: 6350 },
  { state: 'DE', name: 'Delaware', rate: 0 },
  { state: 'DC', name: 'District of Columbia', rate: 6000 },
  { state: 'FL', name: 'Florida', rate: 6000 },
  { state: 'GA', name: 'Georgia', rate: 4000 },
  { state: 'HI', name: 'Hawaii', rate: 4000 },
  { state: 'ID', name: 'Idaho', rate: 6000 },
  { state: 'IL', name: 'Illinois', rate: 6250 },
  { state: 'IN', name: 'Indiana', rate: 7000 },
  { state: 'IA', name: 'Iowa', rate: 6000 },
  { state: 'KS', name: 'Kansas', rate: 6500 },
  { state: 'KY', name: 'Kentucky', rate: 6000 },
  { state: 'LA', name: 'Louisiana', rate: 5000 },
  { state: 'ME', name: 'Maine', rate: 5500 },
  { state: 'MD', name: 'Maryland', rate: 6000 },
  { state: 'MA', name: 'Massachusetts', rate: 6250 },
  { state: 'MI', name: 'Michigan', rate: 6000 },
  { state: 'MN', name: 'Minnesota', rate: 6875 },
  { state: 'MS', name: 'Mississippi', rate: 7000 },
  { state: 'MO', name: 'Missouri', rate: 4225 },
  { state: 'MT', name: 'Montana', rate: 0 },
  { state: 'NE', name: 'Nebraska', rate: 5500 },
  { state: 'NV', name: 'Nevada', rate: 6850 },
  { state: 'NH', name: 'New Hampshire', rate: 0 },
  { state: 'NJ', name: 'New Jersey', rate: 6625 },
  { state: 'NM', name: 'New Mexico', rate: 4875 },
  { state: 'NY', name: 'New York', rate: 4000 },
  { state: 'NC', name: 'North Carolina', rate: 4750 },
  { state: 'ND', name: 'North Dakota', rate: 5000 },
  { state: 'OH', name: 'Ohio', rate: 5750 },
  { state: 'OK', name: 'Oklahoma', rate: 4500 },
  { state: 'OR', name: 'Oregon', rate: 0 },
  { state: 'PA', name: 'Pennsylvania', rate: 6000 },
  { state: 'RI', name: 'Rhode Island', rate: 7000 },
  { state: 'SC', name: 'South Carolina', rate: 6000 },
  { state: 'SD', name: 'South Dakota', rate: 4200 },
  { state: 'TN', name: 'Tennessee', rate: 7000 },
  { state: 'TX', name: 'Texas', rate: 6250 },
  { state: 'UT', name: 'Utah', rate: 6100 },
  { state: 'VT', name: 'Vermont', rate: 6000 },
  { state: 'VA', name: 'Virginia', rate: 5300 },
  { state: 'WA', name: 'Washington', rate: 6500 },
  { state: 'WV', name: 'West Virginia', rate: 6000 },
  { state: 'WI', name: 'Wisconsin', rate: 5000 },
  { state: 'WY', name: 'Wyoming', rate: 4000 },
] as const;

/** The sales tax entry of a state's abbreviation ("CA"); undefined for a region the table lacks. */
export function stateSalesTax(state: string | undefined) {
  return STATE_SALES_TAX.find((entry) => entry.state === state);
}

/** A rate in thousandths of a percent as pages write it: "7.25%", "6.875%", "0%". */
export function formatTaxRate(rate: number): string {
  return `${String(rate / 1000)}%`;
}
