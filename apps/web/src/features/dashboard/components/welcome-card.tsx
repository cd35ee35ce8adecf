import { Link } from 'react-router';
import type { Me } from '../../../lib/auth.ts';
import { dashboardMenu } from '../menu.ts';
import { SellingFor } from './selling-for.tsx';

/** The dashboard's landing card: who you are and where you can go. */
export function WelcomeCard({ user }: { user: Me }) {
  return (
    <section aria-labelledby="welcome-title" className="flex flex-col gap-6">
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3">
          <h1 id="welcome-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Welcome, {user.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <span className="badge badge-neutral">{user.role}</span>
            {user.isVerified ? (
              <span className="badge badge-success gap-1">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  width="14"
                  height="14"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                >
                  <path strokeLinecap="round" strokeLinejoin="round" d="m5 12 5 5 9-10" />
                </svg>
                Verified
              </span>
            ) : (
              <span className="badge badge-ghost">Not verified yet</span>
            )}
            <span className="text-sm text-base-content/75">{user.email}</span>
          </div>
          <SellingFor user={user} />
        </div>
      </div>
      <nav aria-label="Quick links">
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {dashboardMenu(user).map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="card h-full border border-base-300 bg-base-100 transition hover:border-primary hover:shadow-md"
              >
                <div className="card-body gap-1 p-5">
                  <h2 className="card-title text-base">
                    {item.label}
                    <span aria-hidden="true" className="ml-auto text-primary">
                      →
                    </span>
                  </h2>
                  <p className="text-sm text-base-content/75">{item.description}</p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
