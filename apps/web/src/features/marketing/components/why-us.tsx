import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CLAIMS } from '../claims.ts';
import { ClaimIcon } from './claim-icon.tsx';

/** The home page's why-us section; shown on large screens only (spec section 2). */
export function WhyUs() {
  return (
    <section aria-labelledby="why-us-title" className="hidden bg-base-200 lg:block">
      <div className="mx-auto max-w-7xl px-4 py-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Why Redline</p>
        <h2 id="why-us-title" className="mt-2 text-3xl font-bold tracking-tight">
          Bought and sold with confidence
        </h2>
        <ul className="mt-10 grid grid-cols-5 gap-6">
          {CLAIMS.map((claim) => (
            <li key={claim.id} className="card border border-base-300 bg-base-100">
              <div className="card-body p-5">
                <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <ClaimIcon path={claim.icon} />
                </span>
                <h3 className="card-title text-base leading-snug">{claim.title}</h3>
                <p className="text-sm text-base-content/75">{claim.summary}</p>
                <Link
                  to={paths.aboutSection(claim.id)}
                  className="link link-primary mt-auto text-sm font-medium"
                >
                  Learn more<span className="sr-only">: {claim.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
