/** The conversations module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { conversationsRoutes } from './conversations.routes.ts';

export { buyerMessagesPerDay, findConversationReport, findMessage } from './conversations.repository.ts';
export { conversationAbout, tellOfferMove } from './conversations.service.ts';

export const conversationsModule = defineModule({ name: 'conversations', routes: conversationsRoutes });
