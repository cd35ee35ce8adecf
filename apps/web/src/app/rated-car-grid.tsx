import type { ComponentProps } from 'react';
import { CarGrid } from '../features/cars/index.ts';
import { CompactRating, useSellerRatings } from '../features/reviews/index.ts';

/**
 * A grid of car cards with each seller's compact rating beside their name: the ratings of the grid's
 * sellers come in one read (a few for a long list: features/reviews), not one a card.
 */
export function RatedCarGrid(props: Omit<ComponentProps<typeof CarGrid>, 'sellerRating'>) {
  const ratings = useSellerRatings(props.cars.map((car) => car.sellerId));
  return <CarGrid {...props} sellerRating={(sellerId) => <CompactRating rating={ratings.get(sellerId)} />} />;
}
