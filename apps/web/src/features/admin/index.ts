/** The admin feature's public surface: code outside features/admin imports only this file. */
export { reportedCarsQueryOptions } from './api/get-reported-cars.ts';
export { usersQueryOptions } from './api/get-users.ts';
export { ReportedCarsTable } from './components/reported-cars-table.tsx';
export { UsersTable } from './components/users-table.tsx';
