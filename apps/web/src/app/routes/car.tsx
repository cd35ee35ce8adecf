import { type Car, carName } from '@redline/shared';
import { Link, useParams } from 'react-router';
import { PhotoGallery } from '../../components/photos/photo-gallery.tsx';
import { BackButton } from '../../components/ui/back-button.tsx';
import { CompareToggle } from '../../components/ui/compare-toggle.tsx';
import { ErrorState } from '../../components/ui/list-states.tsx';
import { PageHead } from '../../components/ui/page-head.tsx';
import { ShareButton } from '../../components/ui/share-button.tsx';
import { paths } from '../../config/paths.ts';
import { BookTestDriveButton } from '../../features/bookings/index.ts';
import {
  aboutPreview,
  CarAbout,
  CarDetailsSkeleton,
  CarMarketValue,
  CarSeller,
  CarSpecifications,
  CarSpecs,
  CarStructuredData,
  CarSummary,
  PriceHistory,
  SoldBadge,
  useCar,
} from '../../features/cars/index.ts';
import { MessageSellerButton } from '../../features/conversations/index.ts';
import { PaymentCalculator } from '../../features/finance/index.ts';
import { useRecordView } from '../../features/listing-stats/index.ts';
import { MakeOfferButton, useReservedForAnother, WaitlistButton } from '../../features/offers/index.ts';
import { ReportButton } from '../../features/reports/index.ts';
import { SaveButton } from '../../features/saved-cars/index.ts';
import { searchPathOfName } from '../../features/search/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useMe } from '../../lib/auth.ts';
import NotFoundPage from './not-found.tsx';

/**
 * One car (anyone's with BROWSING=public, else signed-in users'): every field, the photos, its market
 * value with the comparables behind it, the price history, a payment calculator, sharing, and what the viewer can do with it.
 */
export default function CarPage() {
  const { id = '' } = useParams();
  const car = useCar(id);
  // What feeds the seller's figures: a view, once the page shows the car.
  useRecordView(car.data?.id);

  if (car.error instanceof ApiError && car.error.status === 404) return <NotFoundPage />;
  if (car.error instanceof ApiError && car.error.status === 410) return <CarDeletedPage />;

  const data = car.data;
  const fallback = data ? paths.category(data.categoryId) : paths.categories;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <PageHead
        title={data ? carName(data) : 'Car details'}
        description={data ? aboutPreview(data.about) : 'A car for sale on Redline.'}
        canonical={paths.car(id)}
        image={data?.photo}
        type="product"
      />
      {data ? <CarStructuredData car={data} /> : null}
      <div className="flex items-center justify-between gap-2">
        <BackButton fallback={fallback} />
        {data ? (
          <div className="flex items-center gap-1">
            {data.soldAt ? null : (
              <CompareToggle car={{ id: data.id, name: carName(data), photo: data.photo }} />
            )}
            <ShareButton title={carName(data)} />
          </div>
        ) : null}
      </div>

      {data?.soldAt ? <SoldNotice car={data} /> : null}

      <div className="mt-4">
        {car.isPending ? (
          <CarDetailsSkeleton />
        ) : car.isError ? (
          <ErrorState
            message={`Could not load this car. ${car.error.message}`}
            onRetry={() => car.refetch()}
          />
        ) : data ? (
          <article className="grid gap-8 lg:grid-cols-12 lg:gap-x-12">
            <div className="lg:col-span-7">
              <PhotoGallery
                photos={data.photos}
                title={carName(data)}
                overlay={data.soldAt ? <SoldBadge className="shadow" /> : undefined}
              />
            </div>

            <aside
              aria-label="Price, seller and actions"
              className="flex flex-col gap-6 lg:sticky lg:top-24 lg:col-span-5 lg:row-span-2 lg:self-start"
            >
              <CarSummary car={data} />
              <CarSeller car={data} />

              <CarActions car={data} />

              <CarSpecs car={data} />
            </aside>

            <div className="flex flex-col gap-8 lg:col-span-7">
              <CarMarketValue car={data} />
              <CarSpecifications car={data} />
              <PriceHistory history={data.priceHistory} earlierChanges={data.earlierPriceChanges} />
              <PaymentCalculator car={data} />
              <CarAbout car={data} />
            </div>
          </article>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Over a sold car's page (which answers 410 Gone: app/page-data.ts): it is no longer for sale, and the
 * cars of its make and model that are.
 */
function SoldNotice({ car }: { car: Car }) {
  return (
    <div role="status" className="alert mt-4 flex flex-wrap items-center justify-between gap-3">
      <span>This car is sold: it is no longer for sale.</span>
      <Link
        to={searchPathOfName(car.brand, car.model)}
        className="btn btn-sm btn-primary h-auto max-w-full whitespace-normal py-1.5"
      >
        See {car.brand} {car.model} for sale
      </Link>
    </div>
  );
}

/** The page of a car that was deleted (410 Gone), in place of the car. */
function CarDeletedPage() {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <PageHead title="Car no longer for sale" description="This car is no longer on Redline." />
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">This car is no longer on Redline</h1>
      <p className="max-w-md text-base-content/75">It has been taken down. Other cars are waiting.</p>
      <Link to={paths.search()} className="btn btn-primary mt-2">
        Browse cars for sale
      </Link>
    </section>
  );
}

/**
 * What the viewer can do with the car: a buyer books, saves or reports it; a visitor sees the same
 * buttons, which ask them to sign in first (lib/account-action.ts); others see why they cannot. The
 * only part of the page that depends on who is looking (app/page-data.ts, `sharedPages`), so it
 * alone renders again when the browser learns who that is.
 */
function CarActions({ car }: { car: Car }) {
  const me = useMe();
  // A visitor (null) is offered what a buyer may do.
  const isBuyer = me.data?.role === 'Buyer' || me.data === null;
  const isOwnCar = me.data?.id === car.sellerId;
  // A car reserved for another buyer takes no test drive from this one (the server refuses it).
  const reservedForAnother = useReservedForAnother(car, me.data ?? null);
  return (
    <div className="rounded-box border border-base-300 bg-base-200/60 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2 [&>.btn-primary]:min-w-fit [&>.btn-primary]:flex-1">
        {/* buyer-actions: booking, save, an offer, a message to the seller, report (features/bookings, saved-cars, offers, conversations, reports) */}
        {me.isPending ? (
          <ActionsLoading />
        ) : isBuyer && me.data !== undefined ? (
          <>
            {reservedForAnother ? null : <BookTestDriveButton car={car} user={me.data} />}
            <SaveButton car={car} user={me.data} />
            <MakeOfferButton car={car} user={me.data} />
            <WaitlistButton car={car} user={me.data} />
            <MessageSellerButton car={car} user={me.data} />
            <ReportButton car={car} user={me.data} />
          </>
        ) : null}
        {isBuyer || me.isPending ? null : (
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled
            aria-describedby="car-actions-hint"
          >
            Book a test drive now
          </button>
        )}
      </div>
      {isBuyer || me.isPending ? null : (
        <p id="car-actions-hint" className="mt-3 text-sm text-base-content/75">
          {car.soldAt
            ? 'This car has been sold.'
            : 'Test drives are booked by buyers: sign in with a buyer account to book one, save this post or report it.'}
        </p>
      )}
      {isOwnCar ? (
        <p className="mt-3 text-sm">
          This is your post.{' '}
          <Link to={paths.dashSellerCars} className="link link-primary font-medium">
            Manage it in My Posts
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Where the viewer's actions go while the browser asks who they are (the server renders this page
 * alike for every signed-in visitor: app/page-data.ts): the buyer's buttons' shapes, so that nothing
 * moves when they appear.
 */
function ActionsLoading() {
  // The buttons' own classes and labels give each placeholder its button's size.
  const shape = 'skeleton pointer-events-none border-0 text-transparent';
  return (
    <>
      <span className={`btn btn-lg min-w-fit flex-1 whitespace-nowrap ${shape}`} aria-hidden="true">
        <span className="hidden size-5 min-[400px]:block" />
        Book a test drive now
      </span>
      <span className={`btn btn-circle btn-lg ${shape}`} aria-hidden="true" />
      <span className={`btn btn-sm gap-1.5 ${shape}`} aria-hidden="true">
        <span className="size-4" />
        Report about this post
      </span>
    </>
  );
}
