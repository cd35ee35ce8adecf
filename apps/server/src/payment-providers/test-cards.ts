/** Stripe's test-card rules, followed by the built-in test-mode provider. */
import { PAYMENT_ERROR_CODES, type TestCard } from '@redline/shared';

export interface CardFailure {
  code: string;
  message: string;
}

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const failures = {
  invalidNumber: { code: PAYMENT_ERROR_CODES.invalidNumber, message: 'Your card number is invalid.' },
  invalidMonth: {
    code: PAYMENT_ERROR_CODES.invalidExpiry,
    message: "Your card's expiration month is invalid.",
  },
  invalidYear: {
    code: PAYMENT_ERROR_CODES.invalidExpiry,
    message: "Your card's expiration year is invalid.",
  },
  expired: { code: PAYMENT_ERROR_CODES.expiredCard, message: 'Your card has expired.' },
  invalidCvc: { code: PAYMENT_ERROR_CODES.invalidCvc, message: "Your card's security code is invalid." },
  declined: { code: PAYMENT_ERROR_CODES.cardDeclined, message: 'Your card was declined.' },
  insufficientFunds: {
    code: PAYMENT_ERROR_CODES.insufficientFunds,
    message: 'Your card has insufficient funds.',
  },
  testCardRequired: {
    code: PAYMENT_ERROR_CODES.testCardRequired,
    message: 'Use a Stripe test card such as 4242 4242 4242 4242.',
  },
} satisfies Record<string, CardFailure>;

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The failure Stripe would answer for this card in test mode, or undefined when the charge succeeds. */
export function checkTestCard(card: TestCard, now: Date): CardFailure | undefined {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return failures.invalidNumber;

  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    return failures.invalidMonth;
  // Two-digit years are how people read them off the card.
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year > thisYear + 50) return failures.invalidYear;
  // A card is valid until the end of its expiry month.
  if (year < thisYear || (year === thisYear && card.expMonth < now.getUTCMonth() + 1))
    return failures.expired;

  if (!/^\d{3,4}$/.test(card.cvc.trim())) return failures.invalidCvc;

  switch (number) {
    case TEST_CARDS.succeeds:
      return undefined;
    case TEST_CARDS.declined:
      return failures.declined;
    case TEST_CARDS.insufficientFunds:
      return failures.insufficientFunds;
    default:
      return failures.testCardRequired;
  }
}
