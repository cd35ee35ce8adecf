/** The theme feature's public surface: code outside features/theme imports only this file. */
export { ThemeToggle } from './components/theme-toggle.tsx';
