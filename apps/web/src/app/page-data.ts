/**
 * What the server needs before it renders a page (entry-server.tsx): where the guards of router.tsx
 * send the visitor, so that the server sends them there before any HTML; the queries a page shows
 * first, loaded into the query cache so that its HTML holds its content and the browser asks nothing
 * again; and the page's status. Every page also shows who is signed in (`me`), which the server
 * loads first. A page not listed here renders its loading state on the server and fetches its data
 * in the browser.
 */

import type { Browsing } from '@redline/shared';
import type { FetchInfiniteQueryOptions, InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { matchPath, matchRoutes, type Params, type RouteMatch } from 'react-router';
import { routePatterns as r } from '../config/paths.ts';
import {
  contactMessagesQueryOptions,
  reportedCarsQueryOptions,
  reportedConversationsQueryOptions,
  usersQueryOptions,
} from '../features/admin/index.ts';
import {
  browsingNeedsSignIn,
  RedirectSignedIn,
  RequireAuth,
  RequireBrowsing,
  RequireRole,
  type RequireRoleProps,
  roleGuard,
  signedInGuard,
} from '../features/auth/index.ts';
import { buyerBookingsQueryOptions, sellerBookingsQueryOptions } from '../features/bookings/index.ts';
import {
  advertisedCarsQueryOptions,
  carComparablesQueryOptions,
  carQueryOptions,
  comparedCarsQueryOptions,
  comparisonOf,
  sellerCarsQueryOptions,
} from '../features/cars/index.ts';
import { categoriesQueryOptions, categoryQueryOptions } from '../features/categories/index.ts';
import { conversationsQueryOptions, messagesQueryOptions } from '../features/conversations/index.ts';
import {
  myDealerProfileQueryOptions,
  myTeamQueryOptions,
  teamInvitationQueryOptions,
} from '../features/dealers/index.ts';
import {
  apiKeyQueryOptions,
  importQueryOptions,
  importRowsQueryOptions,
  importsQueryOptions,
} from '../features/inventory-import/index.ts';
import {
  listingStatsLinesQueryOptions,
  listingStatsQueryOptions,
  sellerStatsQueryOptions,
} from '../features/listing-stats/index.ts';
import {
  notificationPreferencesQueryOptions,
  notificationsQueryOptions,
  unreadCountQueryOptions,
} from '../features/notifications/index.ts';
import { offerQueryOptions, offersQueryOptions } from '../features/offers/index.ts';
import { bookingQueryOptions, paymentsQueryOptions } from '../features/payments/index.ts';
import {
  myReviewsQueryOptions,
  prefetchSellerRatings,
  reportedReviewsQueryOptions,
  reviewableBookingsQueryOptions,
  sellerReviewsQueryOptions,
} from '../features/reviews/index.ts';
import { savedCarsQueryOptions } from '../features/saved-cars/index.ts';
import { savedSearchesQueryOptions } from '../features/saved-searches/index.ts';
import {
  catalogueFacetsQueryOptions,
  parseSearch,
  searchCarsQueryOptions,
  searchOfSeller,
} from '../features/search/index.ts';
import { sellerQueryOptions } from '../features/sellers/index.ts';
import { appConfigQueryOptions } from '../lib/app-config.ts';
import type { Me, User } from '../lib/auth.ts';
import { answeredRefusal } from '../lib/page-state.ts';
import { loginReturningTo } from '../lib/return-to.ts';
import { vehicleMakesQuery } from '../lib/vehicle-catalogue.ts';
import { routes } from './router.tsx';

/** The page's address: its path's parameters (`/cars/id/:id`) and its search part. */
type PageAddress = { params: Params; search: URLSearchParams };

/** `me`: the signed-in user; `undefined` when signed out or when the session could not be checked. */
type PageData = (client: QueryClient, page: PageAddress, me: Me | undefined) => Promise<void>[];

/** The data of a page for signed-in users only (a guard of router.tsx stands above it). */
const signedIn =
  (load: (client: QueryClient, page: PageAddress, me: Me) => Promise<void>[]): PageData =>
  (client, page, me) =>
    me ? load(client, page, me) : [];

/** A page of car cards: each names its seller. */
type CarCardsPage = { items: readonly { sellerId: string }[] };

/**
 * The cards of a list of cars (app/rated-car-grid.tsx), then their sellers' ratings: loaded in the
 * browser after the page shows, each card's rating would push down what is below it as it is read.
 */
function ratedCars<Page extends CarCardsPage, Key extends QueryKey>(
  client: QueryClient,
  cars: FetchInfiniteQueryOptions<Page, Error, Page, Key, string | undefined>,
): Promise<void> {
  return client.prefetchInfiniteQuery(cars).then(() => {
    const pages = client.getQueryData<InfiniteData<Page>>(cars.queryKey)?.pages ?? [];
    return prefetchSellerRatings(
      client,
      pages.flatMap((page) => page.items.map((car) => car.sellerId)),
    );
  });
}

const pageData: Record<string, PageData> = {
  [r.home]: (client) => [
    client.prefetchQuery(categoriesQueryOptions()),
    ratedCars(client, advertisedCarsQueryOptions()),
  ],
  [r.categories]: (client) => [client.prefetchQuery(categoriesQueryOptions())],
  [r.login]: (client) => [client.prefetchQuery(appConfigQueryOptions())],
  [r.signUp]: (client) => [client.prefetchQuery(appConfigQueryOptions())],
  [r.teamInvitation]: (client, { params: { token = '' } }) => [
    client.prefetchQuery(teamInvitationQueryOptions(token)),
  ],
  // The pages of the cars for sale also need the server's configuration: who may browse them (RequireBrowsing).
  [r.category]: (client, { params: { id = '' }, search }) => [
    client.prefetchQuery(appConfigQueryOptions()),
    client.prefetchQuery(categoryQueryOptions(id)),
    ratedCars(client, searchCarsQueryOptions(parseSearch(search, id))),
  ],
  [r.search]: (client, { search }) => [
    client.prefetchQuery(appConfigQueryOptions()),
    ratedCars(client, searchCarsQueryOptions(parseSearch(search))),
  ],
  [r.car]: (client, { params: { id = '' } }) => [
    client.prefetchQuery(appConfigQueryOptions()),
    // The comparables behind its market value once the car has one: not for a sold, deleted or missing car.
    client
      .prefetchQuery(carQueryOptions(id))
      .then(() =>
        client.getQueryData(carQueryOptions(id).queryKey)?.marketValue
          ? client.prefetchQuery(carComparablesQueryOptions(id))
          : undefined,
      ),
  ],
  [r.compare]: (client, { search }) => {
    const address = comparisonOf(search);
    return [
      client.prefetchQuery(appConfigQueryOptions()),
      ...(address.kind === 'cars'
        ? [client.prefetchQuery(comparedCarsQueryOptions(address.ids, address.near))]
        : []),
    ];
  },
  [r.seller]: (client, { params: { id = '' } }) => [
    client.prefetchQuery(appConfigQueryOptions()),
    client.prefetchQuery(sellerQueryOptions(id)),
    ratedCars(client, searchCarsQueryOptions(searchOfSeller(id))),
    client.prefetchInfiniteQuery(sellerReviewsQueryOptions(id)),
  ],
  [r.payBooking]: (client, { params: { id = '' } }) => [
    client.prefetchQuery(bookingQueryOptions(id)),
    client.prefetchQuery(appConfigQueryOptions()),
  ],
  [r.payDeposit]: (client, { params: { id = '' } }) => [
    client.prefetchQuery(offerQueryOptions(id)),
    client.prefetchQuery(appConfigQueryOptions()),
  ],
  [r.dashConversations]: signedIn((client) => [client.prefetchInfiniteQuery(conversationsQueryOptions())]),
  [r.dashConversation]: signedIn((client, { params: { id = '' } }) => [
    client.prefetchInfiniteQuery(messagesQueryOptions(id)),
  ]),
  [r.dashNotifications]: signedIn((client) => [client.prefetchInfiniteQuery(notificationsQueryOptions())]),
  [r.dashNotificationSettings]: signedIn((client) => [
    client.prefetchQuery(notificationPreferencesQueryOptions()),
  ]),
  [r.dashBuyerBookings]: signedIn((client, _, me) => [
    client.prefetchInfiniteQuery(buyerBookingsQueryOptions(me.email)),
    client.prefetchQuery(reviewableBookingsQueryOptions()),
    client.prefetchInfiniteQuery(myReviewsQueryOptions()),
  ]),
  [r.dashBuyerSaved]: signedIn((client, _, me) => [
    client.prefetchInfiniteQuery(savedCarsQueryOptions(me.email)),
  ]),
  [r.dashBuyerSearches]: signedIn((client) => [
    client.prefetchQuery(savedSearchesQueryOptions()),
    client.prefetchQuery(catalogueFacetsQueryOptions()),
  ]),
  [r.dashBuyerOffers]: signedIn((client) => [client.prefetchInfiniteQuery(offersQueryOptions('buyer'))]),
  [r.dashSellerOffers]: signedIn((client) => [client.prefetchInfiniteQuery(offersQueryOptions('seller'))]),
  [r.dashSellerDealer]: signedIn((client) => [client.prefetchQuery(myDealerProfileQueryOptions())]),
  [r.dashSellerTeam]: signedIn((client) => [client.prefetchQuery(myTeamQueryOptions())]),
  [r.dashSellerImport]: signedIn((client, { search }) => {
    const shown = search.get('import');
    return [
      client.prefetchInfiniteQuery(importsQueryOptions()),
      client.prefetchQuery(apiKeyQueryOptions()),
      ...(shown
        ? [
            client.prefetchQuery(importQueryOptions(shown)),
            client.prefetchInfiniteQuery(importRowsQueryOptions(shown, false)),
          ]
        : []),
    ];
  }),
  [r.dashSellerReviews]: signedIn((client, _, me) => [
    client.prefetchQuery(sellerQueryOptions(me.sellsFor?.sellerId ?? me.id)),
    client.prefetchInfiniteQuery(sellerReviewsQueryOptions(me.sellsFor?.sellerId ?? me.id)),
  ]),
  [r.dashSellerAddCar]: (client) => [client.prefetchQuery(categoriesQueryOptions())],
  [r.dashSellerCars]: signedIn((client, _, me) => [
    client.prefetchQuery(categoriesQueryOptions()),
    client.prefetchInfiniteQuery(sellerCarsQueryOptions(me.email)),
  ]),
  [r.dashSellerPerformance]: signedIn((client) => [
    client.prefetchQuery(sellerStatsQueryOptions()),
    client.prefetchInfiniteQuery(listingStatsLinesQueryOptions()),
  ]),
  [r.dashSellerListingPerformance]: signedIn((client, { params: { id = '' } }) => [
    client.prefetchQuery(listingStatsQueryOptions(id)),
  ]),
  [r.dashSellerRequests]: signedIn((client, _, me) => [
    client.prefetchInfiniteQuery(sellerBookingsQueryOptions(me.email)),
  ]),
  [r.dashAdminBuyers]: (client) => [client.prefetchInfiniteQuery(usersQueryOptions('Buyer'))],
  [r.dashAdminSellers]: (client) => [client.prefetchInfiniteQuery(usersQueryOptions('Seller'))],
  [r.dashAdminReported]: (client) => [client.prefetchInfiniteQuery(reportedCarsQueryOptions())],
  [r.dashAdminReportedConversations]: (client) => [
    client.prefetchInfiniteQuery(reportedConversationsQueryOptions()),
  ],
  [r.dashAdminReportedReviews]: (client) => [client.prefetchInfiniteQuery(reportedReviewsQueryOptions())],
  [r.dashAdminPayments]: (client) => [client.prefetchInfiniteQuery(paymentsQueryOptions())],
  [r.dashAdminMessages]: (client) => [client.prefetchInfiniteQuery(contactMessagesQueryOptions('open'))],
  [r.dashAdminCatalogue]: (client) => [client.prefetchQuery(vehicleMakesQuery())],
};

/**
 * Pages that look the same to every signed-in visitor until their own parts load: nothing on them
 * depends on who is visiting but the account menu and what the viewer may do (the buyer's booking,
 * save and report buttons, with the saved state), which render in the browser once it knows who is
 * signed in (lib/auth.ts). The server renders such a page once for every signed-in visitor and keeps
 * it, like the public pages of signed-out visitors (apps/server/src/web/server-rendering.ts), so
 * their first data must not depend on the visitor: `loadPageData` is given no `me` for them. These
 * are also the pages of the cars for sale that the server keeps for signed-out visitors, per units.
 */
const sharedPages = [r.category, r.search, r.car, r.compare, r.seller];

/** Whether the page at `pathname` is one of `sharedPages`. */
export function isSharedPage(pathname: string): boolean {
  return sharedPages.some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * Loads the first data of the page at `url` (path and search) into `client`; a failed query stays
 * failed (lib/page-state.ts tells what is sent).
 */
export async function loadPageData(client: QueryClient, url: string, me: Me | undefined): Promise<void> {
  const { pathname, searchParams } = new URL(url, 'http://redline.invalid');
  // The navigation bar's bell, on every page of a signed-in visitor (a shared page asks in the browser).
  const own = me ? [client.prefetchQuery(unreadCountQueryOptions())] : [];
  for (const [pattern, load] of Object.entries(pageData)) {
    const match = matchPath(pattern, pathname);
    if (match) {
      await Promise.all([...own, ...load(client, { params: match.params, search: searchParams }, me)]);
      return;
    }
  }
  await Promise.all(own);
}

/**
 * The routes of router.tsx that the page at `url` (path and search) is under, outermost first. React
 * Router flattens and ranks the whole route tree on each match, so a page render matches once and
 * hands the result to `guardRedirect` and `pageStatus`.
 */
export function pageMatches(url: string): RouteMatch[] {
  return matchRoutes(routes, new URL(url, 'http://redline.invalid').pathname) ?? [];
}

/**
 * Where the guards of router.tsx (RequireAuth, RequireBrowsing, RequireRole, RedirectSignedIn) above
 * the page at `url` send `me` (`null`: signed out), as they would in the browser; `undefined` when
 * the page is theirs. A signed-out visitor, or a user with the wrong account, goes to sign in and
 * comes back afterwards; a signed-in user on the sign-in or sign-up page goes on to where they were
 * going. `browsing`: the server's setting (`undefined`, unknown: the cars for sale need a session).
 */
export function guardRedirect(
  url: string,
  me: User | null,
  { browsing, matches = pageMatches(url) }: { browsing?: Browsing; matches?: RouteMatch[] } = {},
): string | undefined {
  for (const { route } of matches) {
    if (route.Component === RequireAuth && !me) return loginReturningTo(url);
    if (route.Component === RequireBrowsing && !me && browsingNeedsSignIn(browsing))
      return loginReturningTo(url);
    if (route.Component === RedirectSignedIn) {
      const { pathname, search, hash } = new URL(url, 'http://redline.invalid');
      const target = signedInGuard({ pathname, search, hash }, me);
      if (target) return target;
    }
    if (isValidElement<RequireRoleProps>(route.element) && route.element.type === RequireRole) {
      if (roleGuard(route.element.props.roles, me) === 'login')
        return loginReturningTo(url, { wrongAccount: me !== null });
    }
  }
  return undefined;
}

/**
 * The page's HTTP status: 404 for an address no page has (the not-found route) and for a page whose
 * first data the API says does not exist (a car, a category, a booking: the page shows its not-found
 * state); 403 for a page whose first data is not the visitor's to see (another seller's listing
 * figures: the page says so); 410 Gone for the page of a car that is no longer for sale, deleted (the
 * API answered 410) or sold (the page says so, with a search of its make and model: ADR 47); 200
 * otherwise.
 */
export function pageStatus(
  client: QueryClient,
  url: string,
  matches = pageMatches(url),
): 200 | 403 | 404 | 410 {
  const leaf = matches.at(-1);
  const answered = client.getQueryCache().getAll().map(answeredRefusal);
  if (leaf?.route.path === r.notFound || answered.includes(404)) return 404;
  if (answered.includes(403)) return 403;
  if (answered.includes(410)) return 410;
  const sold =
    leaf?.route.path === r.car && client.getQueryData(carQueryOptions(leaf.params.id ?? '').queryKey)?.soldAt;
  return sold ? 410 : 200;
}
