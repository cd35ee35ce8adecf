/** The contact module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { contactRoutes } from './contact.routes.ts';

export const contactModule: ServerModule = { name: 'contact', routes: contactRoutes };
