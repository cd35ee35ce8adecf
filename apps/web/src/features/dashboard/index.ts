/** The dashboard feature's public surface: code outside features/dashboard imports only this file. */
export { DashboardMenu } from './components/dashboard-menu.tsx';
export { WelcomeCard } from './components/welcome-card.tsx';
