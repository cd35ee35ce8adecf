/** The advertisements module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { advertisementsRoutes } from './advertisements.routes.ts';

export const advertisementsModule: ServerModule = { name: 'advertisements', routes: advertisementsRoutes };
