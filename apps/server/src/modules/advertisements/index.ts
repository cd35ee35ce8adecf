/** The advertisements module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { advertisementsRoutes } from './advertisements.routes.ts';

export { advertisementOf } from './advertisements.repository.ts';

export const advertisementsModule = defineModule({ name: 'advertisements', routes: advertisementsRoutes });
