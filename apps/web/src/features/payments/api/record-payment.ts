import type { RecordPaymentInput, RecordPaymentResponse } from '@redline/shared';
import { legacyApi } from '../../../lib/api-client.ts';

/** The server asks the provider about the transaction and records it only if it succeeded. */
export const recordPayment = (input: RecordPaymentInput) =>
  legacyApi.post<RecordPaymentResponse>('/payment', input);
