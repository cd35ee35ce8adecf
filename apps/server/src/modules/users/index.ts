/** The users module's public surface: other code imports this file only. */
export { promoteAdmins } from './admins.ts';
export { existingEmails, setRole } from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
