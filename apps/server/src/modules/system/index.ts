/** The system module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { systemRoutes } from './system.routes.ts';

export const systemModule = defineModule({ name: 'system', routes: systemRoutes });
