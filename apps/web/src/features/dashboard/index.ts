/** The dashboard feature's public surface: code outside features/dashboard imports only this file. */

export { DashboardMenu } from './components/dashboard-menu.tsx';
export { DefaultLocationForm } from './components/default-location-form.tsx';
export { WelcomeCard } from './components/welcome-card.tsx';
