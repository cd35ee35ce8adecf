/** The users module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { usersRoutes } from './users.routes.ts';

export { promoteAdmins } from './admins.ts';
export { existingEmails, setRole } from './users.repository.ts';

export const usersModule = defineModule({ name: 'users', routes: usersRoutes });
