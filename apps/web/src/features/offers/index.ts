/** The offers feature's public surface: code outside features/offers imports only this file. */
export { offerQueryOptions, useOffer } from './api/get-offer.ts';
export { offersQueryOptions } from './api/get-offers.ts';
export { useReservedForAnother } from './api/waitlist.ts';
export { MakeOfferButton } from './components/make-offer-button.tsx';
export { OfferPanel } from './components/offer-panel.tsx';
export { OffersList } from './components/offers-list.tsx';
export { WaitlistButton } from './components/waitlist-button.tsx';
