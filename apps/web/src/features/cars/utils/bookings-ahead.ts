/** What marking a car sold or deleting it does to its test drives, in the seller's confirmation. */
import { type CarBookingsAhead, formatCharge } from '@redline/shared';

/** "2 test drives booked ahead will be cancelled, 1 of them paid: its $120.00 fee will be refunded. …" */
export function bookingsAheadText({ count, paid, refundTotal }: CarBookingsAhead): string {
  if (count === 0) return 'No test drives are booked ahead, so none will be cancelled.';
  const cancelled =
    count === 1
      ? '1 test drive booked ahead will be cancelled'
      : `${count} test drives booked ahead will be cancelled`;
  const told = count === 1 ? 'Its buyer is told.' : 'Their buyers are told.';
  let money: string;
  if (paid === 0) money = count === 1 ? '; it is not paid.' : ', none of them paid.';
  else if (count === 1) money = `; it is paid: its ${formatCharge(refundTotal)} fee will be refunded.`;
  else if (paid === 1) money = `, 1 of them paid: its ${formatCharge(refundTotal)} fee will be refunded.`;
  else money = `, ${paid} of them paid: their fees, ${formatCharge(refundTotal)} in all, will be refunded.`;
  return `${cancelled}${money} ${told}`;
}
