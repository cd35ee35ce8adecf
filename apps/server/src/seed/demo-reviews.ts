/**
 * The demo's reviews (issue 49, ADR 64): weeks ago the demo buyers took test drives of some of the
 * demo sellers' cars, which the sellers had accepted, and reviewed them; the sellers answered some.
 * Drawn from a seeded generator: the same demo data every time.
 */
import { seeded } from '@redline/demo-art/random';

/** How many of each demo seller's cars (their first, as posted) had a reviewed test drive. */
const REVIEWED_CARS: Record<string, number> = {
  'sales@redline.test': 4,
  'apex@redline.test': 3,
  'priya@redline.test': 2,
};
const BUYERS = ['chloe@redline.test', 'buyer@redline.test'] as const;

const BODIES = [
  'The car was exactly as described, down to the small chip on the bonnet. Relaxed test drive, no pressure at all.',
  'Ready and waiting when I arrived, with the service book on the passenger seat. Answered every question straight.',
  'Good drive on a mix of roads. The photos made the interior look a little newer than it is, but nothing hidden.',
  'Quick to reply and easy to arrange. The tyres were more worn than the listing said; they offered to replace them.',
  'Friendly and knowledgeable. Let me take it on the highway and kept the talk about the car, not the sale.',
  'Took a while to hear back about the time, but the drive itself was great and the car matched the listing.',
  'Honest about the paintwork and showed me the repair invoice before I asked. Would book with them again.',
  'Everything on time and as promised. Clear answers about the history and the remaining warranty.',
] as const;

const ANSWERS = [
  'Thank you for coming by, it was a pleasure to show you the car.',
  'Thanks for the kind words! The offer on the tyres stands whenever you are ready.',
  'Thank you, and sorry for the slow reply about the time: we have a new booking routine since.',
  'Glad you enjoyed the drive. Our door is open if you want a second look.',
] as const;

export type DemoReview = {
  sellerEmail: string;
  buyerEmail: string;
  /** Which of the seller's cars, in the order they were posted. */
  car: number;
  /** When the test drive took place. */
  daysAgo: number;
  time: string;
  experience: number;
  accuracy: number;
  communication: number;
  body: string;
  answer: string | null;
};

/** The demo's reviews, the same every time: mostly 4 and 5 stars, some 3, about half answered. */
export function demoReviews(): DemoReview[] {
  const random = seeded(64);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const stars = () => {
    const draw = random();
    return draw < 0.6 ? 5 : draw < 0.9 ? 4 : 3;
  };
  return Object.entries(REVIEWED_CARS).flatMap(([sellerEmail, count]) =>
    Array.from({ length: count }, (_, car) => ({
      sellerEmail,
      buyerEmail: BUYERS[car % BUYERS.length]!,
      car,
      daysAgo: 6 + car * 9 + Math.floor(random() * 5),
      time: pick(['10:00', '11:30', '14:00', '16:30']),
      experience: stars(),
      accuracy: stars(),
      communication: stars(),
      body: pick(BODIES),
      answer: random() < 0.5 ? pick(ANSWERS) : null,
    })),
  );
}
