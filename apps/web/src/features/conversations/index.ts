/** The conversations feature's public surface: code outside features/conversations imports only this file. */
export { conversationsQueryOptions } from './api/get-conversations.ts';
export { messagesQueryOptions } from './api/get-messages.ts';
export { ConversationThread } from './components/conversation-thread.tsx';
export { ConversationsList } from './components/conversations-list.tsx';
export { MessageSellerButton } from './components/message-seller-button.tsx';
