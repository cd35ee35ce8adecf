/**
 * The payment calculator's fields and the page's address: each field the buyer changed is kept in
 * the search part under its name (`?down=20000&apr=5.9`), so that the address shares the
 * calculation and the page, rendered on the server from it, opens on it. The rest start from the
 * car (its asking price, its state) and the market (its loan).
 */
import { formatMoney, type LoanField, type LoanInput, MARKET_LOAN, stateSalesTax } from '@redline/shared';

export const LOAN_FIELDS = [
  'price',
  'down',
  'tradeIn',
  'apr',
  'term',
  'state',
] as const satisfies LoanField[];

/** The fields as a car starts them: its asking price, nothing down or traded in, the market's loan, its state. */
export function loanDefaults(askingPrice: number, region: string | undefined): LoanInput {
  return {
    price: formatMoney(askingPrice).slice(1),
    down: '',
    tradeIn: '',
    apr: String(MARKET_LOAN.aprBasisPoints / 100),
    term: String(MARKET_LOAN.termMonths),
    state: stateSalesTax(region)?.state ?? '',
  };
}

/** The fields the address gives, the defaults for the others. */
export function loanFieldsOf(params: URLSearchParams, defaults: LoanInput): LoanInput {
  const fields = { ...defaults };
  for (const name of LOAN_FIELDS) fields[name] = params.get(name) ?? defaults[name];
  return fields;
}

/** The address's search part with `fields`: those that differ from the defaults, other parameters kept. */
export function withLoanFields(
  params: URLSearchParams,
  fields: LoanInput,
  defaults: LoanInput,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of LOAN_FIELDS) {
    if (fields[name] === defaults[name]) next.delete(name);
    else next.set(name, fields[name]);
  }
  return next;
}
