/** The contact module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { contactRoutes } from './contact.routes.ts';

export { findContactMessage } from './contact.repository.ts';

export const contactModule = defineModule({ name: 'contact', routes: contactRoutes });
