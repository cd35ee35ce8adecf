/** The conversations module's public surface: other code imports this file only. */
export { conversationsRoutes } from './conversations.routes.ts';
