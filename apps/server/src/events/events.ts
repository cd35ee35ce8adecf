/**
 * Every domain event: its name and what it carries. Payloads are small facts (ids), never rows:
 * a subscriber reads what it needs, and a PostgreSQL NOTIFY carries at most 8000 bytes.
 */
export interface DomainEvents {
  /** A seller posted a car (the demo seed's cars included). */
  'car.posted': { carId: string; sellerId: string };
  /** A car's fields or photos changed, or it went back on sale. */
  'car.updated': { carId: string };
  'car.sold': { carId: string };
  /** By its seller, an admin, the deletion of a reported car or of its seller (car-deletion.ts). */
  'car.deleted': { carId: string };
  'car.advertised': { carId: string; advertisementId: string };
  /** Categories are only added, by the demo seed. */
  'category.added': { categoryId: string };
  /** A user's name or verification changed (both show on their cars), or the user came or went. */
  'user.changed': { userId: string; change: 'signed-up' | 'updated' | 'verified' | 'deleted' };
  'booking.requested': { bookingId: string; carId: string; buyerId: string };
  'booking.paid': { bookingId: string; paymentId: string };
  'booking.cancelled': { bookingId: string };
}

export type EventName = keyof DomainEvents;
