/** The marketing feature's public surface: code outside features/marketing imports only this file. */
export { CLAIMS } from './claims.ts';
export { ClaimIcon } from './components/claim-icon.tsx';
export { Hero } from './components/hero.tsx';
export { WhyUs } from './components/why-us.tsx';
