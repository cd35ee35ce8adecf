import type { ConfirmTestPaymentInput } from '@redline/shared';
import { api } from '../../../lib/api-client.ts';

/**
 * Test mode's stand-in for Stripe.js: the built-in provider checks the card by Stripe's test-card
 * rules. A refused card answers 402 with the provider's message.
 */
export const confirmTestPayment = (input: ConfirmTestPaymentInput) =>
  api.post('/payments/test-mode/confirm', { body: input });
