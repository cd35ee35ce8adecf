import { WhatsNew } from '../features/cars/index.ts';
import { WhyUs } from '../features/marketing/index.ts';
import { RatedCarGrid } from './rated-car-grid.tsx';

/**
 * The home page below its categories: why Redline, and the new arrivals' car cards. A chunk of its
 * own, taken over when it comes near the screen (home.tsx), so the cards' code is not part of the
 * first page's JavaScript (ADR 68).
 */
export default function HomeLowerSections() {
  return (
    <>
      <WhyUs />
      <WhatsNew renderCars={(cars) => <RatedCarGrid cars={cars} label="New arrivals" />} />
    </>
  );
}
