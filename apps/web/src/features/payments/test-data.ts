/** Test data of the payments feature. */
import type { Booking, Payment } from '@redline/shared';

export const BOOKING_ID = '0b9f3c1e-4a8d-4c2b-9e1f-2a3b4c5d6e7f';

export function makeBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: BOOKING_ID,
    carId: '7c1d2e3f-1111-4222-8333-944455566677',
    carName: '2021 Porsche 911 Turbo S',
    carPhoto: '/uploads/porsche-480.webp',
    sellerName: 'Sam Seller',
    sellerEmail: 'sam@example.com',
    sellerVerified: true,
    buyerName: 'Bea Buyer',
    buyerEmail: 'bea@example.com',
    buyerVerified: false,
    buyerPhone: '+1 555 0100',
    requestedDate: '2031-03-14',
    requestedTime: '14:30',
    requestedLocation: 'Austin',
    price: 12000,
    isPaid: false,
    createdAt: '2031-03-01T10:00:00.000Z',
    payment: null,
    ...overrides,
  };
}

export function makePayment(n: number, overrides: Partial<Payment> = {}): Payment {
  return {
    id: `pay-${n}`,
    bookingId: `b${n}000000-0000-4000-8000-000000000000`,
    paidBy: `buyer${n}@example.com`,
    productBy: `seller${n}@example.com`,
    product: `2020 Car Number ${n}`,
    price: 12000,
    currency: 'usd',
    transactionId: `pi_test_${n}`,
    provider: 'test',
    createdAt: '2031-03-01T10:00:00.000Z',
    ...overrides,
  };
}
