import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthLink } from '../../../components/ui/auth-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/auth.ts';
import { RevGauge } from './rev-gauge.tsx';

const secondary = 'btn btn-outline btn-lg border-neutral-content/60 text-neutral-content';

/** `children`: what the page adds below the hero's links (the home page: a search by place). */
export function Hero({ children }: { children?: ReactNode }) {
  // A signed-in visitor's home page is rendered for them (web/server-rendering.ts): their own way on.
  const me = useMe();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-neutral text-neutral-content"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_80%_30%,rgba(239,43,53,0.28),transparent_55%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:py-20 md:grid-cols-[1.15fr_1fr] lg:py-28">
        <div>
          <p className="flex items-center gap-3 text-xs font-semibold uppercase tracking-[0.25em] text-neutral-content/85 sm:text-sm">
            <span aria-hidden="true" className="h-0.5 w-10 bg-[#ef2b35]" />
            Exotic and used cars
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold leading-[1.05] tracking-tight sm:text-5xl lg:text-6xl"
          >
            Find your next exotic
          </h1>
          <p className="mt-5 max-w-xl text-base text-neutral-content/85 sm:text-lg">
            Supercars, grand tourers and everyday heroes, straight from their sellers. Every seller declares
            the car accident-free, and a test drive is one booking away.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.categories} className="btn btn-primary btn-lg">
              Browse categories
            </Link>
            {me.data ? (
              <Link to={paths.dashboard} className={secondary}>
                Your dashboard
              </Link>
            ) : (
              <AuthLink to={paths.signUp} className={secondary}>
                Create an account
              </AuthLink>
            )}
          </div>
          {children}
        </div>
        <div className="hidden justify-center md:flex">
          <RevGauge />
        </div>
      </div>
    </section>
  );
}
