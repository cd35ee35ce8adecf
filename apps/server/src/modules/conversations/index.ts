/** The conversations module's public surface: other code imports this file only. */

export { findConversationReport, findMessage } from './conversations.repository.ts';
export { conversationsRoutes } from './conversations.routes.ts';
