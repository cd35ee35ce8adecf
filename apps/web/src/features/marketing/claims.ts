/** Redline's promises (spec section 1), shown on the home page's why-us section and the About page. */
import { TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import type { AboutSection } from '../../config/paths.ts';
import { formatMoney } from '../../lib/format.ts';

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
    title: 'Sell a luxury car in 29 minutes',
    summary: 'List your car in minutes and reach buyers who are ready to drive.',
    details:
      'Post your car with photos and its papers, and our team checks the listing while you wait. On average a complete listing is live and in front of verified buyers 29 minutes after you start.',
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
    title: 'Non-accidental guarantee',
    summary: 'Every seller declares no accident history, and we hold them to it.',
    details:
      'Sellers confirm that the car has no accident history, no pending litigation and an untampered odometer, and accept legal action for false information. A car that turns out otherwise is taken down.',
    icon: 'M12 3 4 6v6c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6l-8-3Zm-3 9 2 2 4-4',
  },
  {
    id: 'history-check',
    title: 'Service and insurance history check',
    summary: 'Service records and insurance claims are checked before a car goes live.',
    details:
      'We look at the service book and the insurance history of every car, so the mileage, the maintenance and any past claims you read in a listing are the ones on record.',
    icon: 'M9 5H7a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2M9 5a2 2 0 0 0 2 2h2a2 2 0 0 0 2-2M9 5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2m-6 9 2 2 4-4',
  },
  {
    id: 'confidentiality',
    title: 'Client confidentiality',
    summary: 'Your identity and your deal stay between you, the other party and us.',
    details:
      'We never sell or publish your contact details. Buyers see a seller’s display name only, sellers see a buyer’s details only once a test drive is booked, and payments are handled by a certified card processor.',
    icon: 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Zm6 4v2',
  },
];
