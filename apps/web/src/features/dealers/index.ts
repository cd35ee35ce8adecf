/** The dealers feature's public surface: code outside features/dealers imports only this file. */
export { myDealerProfileQueryOptions, useMyDealerProfile } from './api/get-my-dealer-profile.ts';
export { DealerProfileForm } from './components/dealer-profile-form.tsx';
