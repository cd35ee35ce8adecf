/**
 * Footer link groups (spec section 2). Every link leads to a real page of ours; a link with nowhere
 * real to go is left out (design.md section 4).
 */
import { TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { formatMoney } from '../../lib/format.ts';
import { LogoMark } from '../ui/logo.tsx';

const GROUPS = [
  {
    title: 'Services',
    links: [
      { to: paths.categories, label: 'Buy a car' },
      { to: paths.signUp, label: 'Sell your car' },
      {
        to: paths.aboutSection('test-drives'),
        label: `Test drives for ${formatMoney(TEST_DRIVE_FEE_CENTS)}`,
      },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: paths.about, label: 'About us' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.aboutSection('confidentiality'), label: 'Client confidentiality' },
      { to: paths.aboutSection('guarantee'), label: 'Non-accidental guarantee' },
    ],
  },
  {
    title: 'Social',
    links: [
      { to: paths.blog, label: 'Our blog' },
      { to: paths.contact, label: 'Talk to us' },
    ],
  },
  {
    title: 'Explore',
    links: [
      { to: paths.home, label: 'Home' },
      { to: paths.categories, label: 'All categories' },
    ],
  },
  {
    title: 'Apps',
    links: [
      { to: paths.dashboard, label: 'Dashboard' },
      { to: paths.login, label: 'Sign in' },
    ],
  },
] as const;

export function Footer() {
  return (
    <footer className="border-t border-base-300 bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[1.2fr_3fr]">
        <div className="max-w-xs">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 text-xl font-extrabold tracking-tight"
          >
            <LogoMark size={30} />
            <span>
              Red<span className="text-primary">line</span>
            </span>
          </Link>
          <p className="mt-3 text-sm text-base-content/75">
            The marketplace for exotic and used cars. Every car checked, every test drive booked in minutes.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-6">
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title} className="flex flex-col gap-2 text-sm">
              <h2 className="mb-1 text-xs font-semibold uppercase tracking-wider">{group.title}</h2>
              {group.links.map((link) => (
                <Link key={link.label} to={link.to} className="link link-hover w-fit py-0.5">
                  {link.label}
                </Link>
              ))}
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-base-300">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-base-content/75">
          © {new Date().getFullYear()} Redline Motors. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
