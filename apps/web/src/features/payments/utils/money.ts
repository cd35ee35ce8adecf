/**
 * A charge is shown to the cent ("$120.00"), as on a card statement; lib/format's formatMoney
 * drops ".00" for prices, which suits listings but not a payment.
 */
export function formatCharge(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
  }).format(cents / 100);
}
