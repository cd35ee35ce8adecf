/** The admin feature's public surface: code outside features/admin imports only this file. */
export { contactMessagesQueryOptions } from './api/get-contact-messages.ts';
export { reportedCarsQueryOptions } from './api/get-reported-cars.ts';
export { reportedConversationsQueryOptions } from './api/get-reported-conversations.ts';
export { usersQueryOptions } from './api/get-users.ts';
export { ContactInbox } from './components/contact-inbox.tsx';
export { OtherCarNames } from './components/other-car-names.tsx';
export { ReportedCarsTable } from './components/reported-cars-table.tsx';
export { ReportedConversationsTable } from './components/reported-conversations-table.tsx';
export { TypoMatches } from './components/typo-matches.tsx';
export { UsersTable } from './components/users-table.tsx';
export { VehicleCatalogue } from './components/vehicle-catalogue.tsx';
