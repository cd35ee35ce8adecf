/**
 * The card the built-in test mode accepts, as its pay page's form sends it: the suites that pay
 * through the API (Playwright's and the cluster test's) pay with it.
 */
export const TEST_CARD = {
  number: '4242424242424242',
  expMonth: 12,
  expYear: new Date().getFullYear() + 2,
  cvc: '123',
} as const;
