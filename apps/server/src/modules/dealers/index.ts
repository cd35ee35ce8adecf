/** The dealers module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { dealersRoutes } from './dealers.routes.ts';

export { memberIds } from './dealer-team.repository.ts';
export { dealerLogo, dealerNames } from './dealers.repository.ts';
export { dealerOf, saveMyDealerProfile, setVerification } from './dealers.service.ts';

/** Dealers (ADR 63): a seller's business profile, and the admins' verification of dealers. */
export const dealersModule = defineModule({ name: 'dealers', routes: dealersRoutes });
