/** The offers feature's public surface: code outside features/offers imports only this file. */
export { offersQueryOptions } from './api/get-offers.ts';
export { MakeOfferButton } from './components/make-offer-button.tsx';
export { OfferPanel } from './components/offer-panel.tsx';
export { OffersList } from './components/offers-list.tsx';
