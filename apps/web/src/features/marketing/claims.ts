/**
 * Redline's promises (spec section 1), shown on the home page's why-us section and the About page.
 * Each says only what Redline does: cars go live unreviewed, admins verify people and
 * moderate reported cars (docs/spec-deviations.md).
 */
import { formatMoney, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import type { AboutSection } from '../../config/paths.ts';

export type Claim = {
  id: AboutSection;
  title: string;
  summary: string;
  details: string;
  /** SVG path data on a 24×24 grid, stroked. */
  icon: string;
};

const fee = formatMoney(TEST_DRIVE_FEE_CENTS);

export const CLAIMS: readonly Claim[] = [
  {
    id: 'sell-fast',
    title: 'Your car online in minutes',
    summary: 'Post your car and it is in front of buyers at once, with no approval to wait for.',
    details:
      'Post your car with its photos, price and details and tick the four declarations: the listing is live the moment you post it. Listings are not reviewed before they go live; buyers can report one, and our moderators take it down when it breaks the rules.',
    icon: 'M12 6v6l4 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  },
  {
    id: 'test-drives',
    title: `Test drive for only ${fee}`,
    summary: `Book a test drive online and pay a flat ${fee}, nothing hidden.`,
    details: `Pick a date, a time and your city, pay a flat ${fee} by card, and the seller meets you with the car. The fee keeps test drives serious for both sides; the price is fixed by us, never by the seller.`,
    icon: 'M5 17h14M6 17l1.5-5h9L18 17M8 12l1-3h6l1 3M7 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm10 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  },
  {
    id: 'guarantee',
    title: 'No-accident declaration',
    summary: 'Every seller declares the car accident-free, and is held to it.',
    details:
      'No car is posted until its seller declares that it has no accident history, no pending litigation and an untampered odometer, and accepts legal action for false information. These are the seller’s declarations, not an inspection by Redline: report a listing that contradicts them, and our moderators take it down.',
    icon: 'M12 3 4 6v6c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4',
  },
  {
    id: 'verified-members',
    title: 'Verified sellers and buyers',
    summary: 'A Verified badge shows who our team has verified.',
    details:
      'New accounts start unverified. Our admins verify sellers and buyers, and the Verified badge beside a seller’s name, on a listing or a booking, tells you who has been verified so far.',
    icon: 'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 0 2 2h2a2 2 0 0 0 2-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2m-6 9 2 2 4-4',
  },
  {
    id: 'confidentiality',
    title: 'Client confidentiality',
    summary: 'We never sell or publish your contact details.',
    details:
      'We never sell or publish your contact details. A listing shows its seller’s display name, a seller gets your phone number only with a test drive you book, and Redline never stores card details.',
    icon: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Zm6 4v2',
  },
];
