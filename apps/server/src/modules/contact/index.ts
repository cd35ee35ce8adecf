/** The contact module's public surface: other code imports this file only. */
export { contactRoutes } from './contact.routes.ts';
