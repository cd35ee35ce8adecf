/** The admin feature's public surface: code outside features/admin imports only this file. */
export { ReportedPostsTable } from './components/reported-posts-table.tsx';
export { UsersTable } from './components/users-table.tsx';
