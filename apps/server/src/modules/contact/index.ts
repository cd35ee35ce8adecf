/** The contact module's public surface: other code imports this file only. */

export { findContactMessage } from './contact.repository.ts';
export { contactRoutes } from './contact.routes.ts';
