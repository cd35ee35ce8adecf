/**
 * Footer link groups (spec section 2). Every link leads to a real page of ours; a link with nowhere
 * real to go is left out (design.md section 4).
 */
import { formatMoney, TEST_DRIVE_FEE_CENTS, type User } from '@redline/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../lib/auth.ts';
import { useChooseUnitSystem, useUnitSystem } from '../../lib/units.ts';
import { AuthLink } from '../ui/auth-link.tsx';
import { LogoMark } from '../ui/logo.tsx';
import { useSignOutToHome } from './sign-out.ts';

type FooterLink = { to: string; label: string };

const GROUPS: readonly { title: string; links: readonly FooterLink[] }[] = [
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
      { to: paths.aboutSection('guarantee'), label: 'No-accident declaration' },
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
];

const linkClass = 'link link-hover w-fit py-0.5';

function FooterGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title} className="flex flex-col gap-2 text-sm">
      <h2 className="mb-1 text-xs font-semibold uppercase tracking-wider">{title}</h2>
      {children}
    </nav>
  );
}

/** Services and Apps depend on who is looking, like the navbar's account buttons. */
function ServicesGroup({ user }: { user: User | null | undefined }) {
  return (
    <FooterGroup title="Services">
      <Link to={paths.categories} className={linkClass}>
        Buy a car
      </Link>
      {/* A seller goes to the form, a visitor to sign-up; a buyer's or admin's account cannot sell. */}
      {!user ? (
        <AuthLink to={paths.signUp} className={linkClass}>
          Sell your car
        </AuthLink>
      ) : user.role === 'Seller' ? (
        <Link to={paths.dashSellerAddCar} className={linkClass}>
          Sell your car
        </Link>
      ) : null}
      <Link to={paths.aboutSection('test-drives')} className={linkClass}>
        Test drives for {formatMoney(TEST_DRIVE_FEE_CENTS)}
      </Link>
    </FooterGroup>
  );
}

function AppsGroup({ user }: { user: User | null | undefined }) {
  const signOut = useSignOutToHome();
  return (
    <FooterGroup title="Apps">
      <Link to={paths.dashboard} className={linkClass}>
        Dashboard
      </Link>
      {user ? (
        <button
          type="button"
          className={`${linkClass} text-left`}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign Out
        </button>
      ) : (
        <AuthLink to={paths.login} className={linkClass}>
          Sign in
        </AuthLink>
      )}
    </FooterGroup>
  );
}

const UNIT_CHOICES = [
  { system: 'imperial', label: 'Miles' },
  { system: 'metric', label: 'Kilometres' },
] as const;

/**
 * Mileage, speeds and distances in miles or km, for this visitor: every page, from now on (lib/units.ts).
 * The radios are the browser's own (uncontrolled): the query cache tells the page of a change a tick
 * later, and a controlled radio would spring back unchecked for that tick.
 */
function UnitSwitch() {
  const units = useUnitSystem();
  const choose = useChooseUnitSystem();
  return (
    <fieldset className="flex items-center gap-2 text-xs">
      <legend className="float-left mr-2">Units</legend>
      <div className="join">
        {UNIT_CHOICES.map(({ system, label }) => (
          <input
            key={system}
            type="radio"
            name="units"
            className="join-item btn btn-xs"
            aria-label={label}
            defaultChecked={units === system}
            onChange={() => choose(system)}
          />
        ))}
      </div>
    </fieldset>
  );
}

export function Footer() {
  const user = useMe().data;
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
            The marketplace for exotic and used cars, straight from their sellers. Test drives booked in
            minutes.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-6">
          <ServicesGroup user={user} />
          {GROUPS.map((group) => (
            <FooterGroup key={group.title} title={group.title}>
              {group.links.map((link) => (
                <Link key={link.label} to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              ))}
            </FooterGroup>
          ))}
          <AppsGroup user={user} />
        </div>
      </div>
      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <p className="text-xs text-base-content/75">
            © {new Date().getFullYear()} Redline Motors. All rights reserved.
          </p>
          <UnitSwitch />
        </div>
      </div>
    </footer>
  );
}
