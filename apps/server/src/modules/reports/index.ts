/** The reports module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { flagSharedVins } from './duplicate-vins.ts';
import { reportsRoutes } from './reports.routes.ts';

export const reportsModule = defineModule({
  name: 'reports',
  routes: reportsRoutes,
  reactions: flagSharedVins,
});
