/** The contact feature's public surface: code outside features/contact imports only this file. */
export { ContactForm } from './components/contact-form.tsx';
