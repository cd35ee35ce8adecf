/** The admin feature's public surface: code outside features/admin imports only this file. */
export { ReportedCarsTable } from './components/reported-cars-table.tsx';
export { UsersTable } from './components/users-table.tsx';
