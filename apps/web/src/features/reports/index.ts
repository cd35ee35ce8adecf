/** The reports feature's public surface: code outside features/reports imports only this file. */
export { ReportButton } from './components/report-button.tsx';
