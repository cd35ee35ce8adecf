/** The reports module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { reportsRoutes } from './reports.routes.ts';

export const reportsModule: ServerModule = { name: 'reports', routes: reportsRoutes };
