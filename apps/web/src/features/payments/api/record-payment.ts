import type { RecordPaymentInput } from '@redline/shared';
import { api } from '../../../lib/api-client.ts';

/** The server asks the provider about the transaction and records it only if it succeeded. */
export const recordPayment = (input: RecordPaymentInput) => api.post('/payment', { body: input });
