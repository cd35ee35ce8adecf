/** The conversations module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { conversationsRoutes } from './conversations.routes.ts';

export const conversationsModule: ServerModule = { name: 'conversations', routes: conversationsRoutes };
