/** The users module's public surface: other code imports this file only. */
import type { ServerModule } from '../../server-module.ts';
import { usersRoutes } from './users.routes.ts';

export { promoteAdmins } from './admins.ts';
export { existingEmails, setRole } from './users.repository.ts';

export const usersModule: ServerModule = { name: 'users', routes: usersRoutes };
