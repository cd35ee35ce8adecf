import { paths } from '../../config/paths.ts';

/** The five links of the navigation bar (spec section 2). */
export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.categories, label: 'Categories' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.contact, label: 'Contact Us' },
  { to: paths.about, label: 'About' },
] as const;
