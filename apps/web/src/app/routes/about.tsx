import { formatMoney, TEST_DRIVE_FEE_CENTS } from '@redline/shared';
import { Link } from 'react-router';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';
import { CLAIMS, ClaimIcon } from '../../features/marketing/index.ts';

const FACTS = [
  { value: formatMoney(TEST_DRIVE_FEE_CENTS), label: 'flat test-drive fee, set by us' },
  { value: '4', label: 'declarations a seller makes for every car' },
  { value: '3 roles', label: 'buyers, sellers and our own moderators' },
] as const;

export default function AboutPage() {
  return (
    <div>
      <PageHead
        title="About"
        description={`How Redline works: test drives for ${formatMoney(TEST_DRIVE_FEE_CENTS)}, cars with a no-accident declaration, verified sellers and a quick sale.`}
        canonical={paths.about}
      />
      <section className="bg-base-200">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">About Redline</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-5xl">
            A marketplace built for people who love cars
          </h1>
          <div className="mt-6 flex flex-col gap-4 text-lg text-base-content/85">
            <p>
              Redline started with a simple frustration: buying a special car online meant trusting photos,
              guessing at its past and chasing sellers for a test drive. We built the marketplace we wanted to
              use.
            </p>
            <p>
              Sellers list exotic and used cars in minutes, live as soon as they are posted; buyers browse by
              category, save the cars they like and book a paid test drive in a few clicks; and our moderators
              verify people and take down reported posts that should not be there.
            </p>
          </div>
          <dl className="mt-10 grid gap-4 sm:grid-cols-3">
            {FACTS.map((fact) => (
              <div
                key={fact.label}
                className="flex flex-col rounded-box border border-base-300 bg-base-100 p-5"
              >
                <dt className="text-sm text-base-content/75">{fact.label}</dt>
                <dd className="order-first text-3xl font-extrabold text-primary">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="promises-title" className="mx-auto max-w-4xl px-4 py-14 sm:py-20">
        <h2 id="promises-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What we promise
        </h2>
        <div className="mt-8 flex flex-col gap-6">
          {CLAIMS.map((claim) => (
            <article
              key={claim.id}
              id={claim.id}
              aria-labelledby={`${claim.id}-title`}
              className="flex scroll-mt-24 gap-4 rounded-box border border-base-300 p-5 sm:p-6"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <ClaimIcon path={claim.icon} />
              </span>
              <div>
                <h3 id={`${claim.id}-title`} className="text-lg font-semibold">
                  {claim.title}
                </h3>
                <p className="mt-1 text-base-content/85">{claim.details}</p>
              </div>
            </article>
          ))}
        </div>
      </section>

      <section className="bg-neutral text-neutral-content">
        <div className="mx-auto flex max-w-4xl flex-col items-start gap-4 px-4 py-12 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Ready when you are</h2>
            <p className="mt-1 text-neutral-content/85">
              Browse the cars, or tell us what you are looking for.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.categories} className="btn btn-primary">
              Browse cars
            </Link>
            <Link
              to={paths.contact}
              className="btn btn-outline border-neutral-content/60 text-neutral-content"
            >
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
