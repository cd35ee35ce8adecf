/** The places module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { placesRoutes } from './places.routes.ts';

export const placesModule = defineModule({ name: 'places', routes: placesRoutes });
