/** The system module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { systemRoutes } from './system.routes.ts';

export const systemModule: ServerModule = { name: 'system', routes: systemRoutes };
