/**
 * The one owner of the web app's query cache (ADR 38): every query's key, grouped by the domain whose
 * data it shows, and what a change of each domain refreshes. Mutations and live updates say what
 * changed (`changed(queryClient, 'cars')`), never which keys: a new list goes under its domain's keys
 * and is refreshed with everything else the rule names.
 */
import type { CarEstimateInput, ContactStatus, Role } from '@redline/shared';
import type { QueryClient } from '@tanstack/react-query';

/** The app's own entries, outside every domain: replaced (sign-in, sign-out, a render), never refreshed. */
export const appKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  pageTime: ['page-time'] as const,
  /** The units the pages show (lib/units.ts). */
  units: ['units'] as const,
};

/** Each domain's keys, all under its root (`all`): refreshing the root refreshes every one of them. */
export const queryKeys = {
  /** A car's page and its comparables, What's New, a seller's own cars, a comparison. */
  cars: {
    all: ['cars'] as const,
    detail: (id: string) => [...queryKeys.cars.all, 'detail', id] as const,
    /** The comparables behind a car's market value (a refit or any car's change moves them). */
    comparables: (id: string) => [...queryKeys.cars.all, 'comparables', id] as const,
    advertised: () => [...queryKeys.cars.all, 'advertised'] as const,
    seller: (email: string) => [...queryKeys.cars.all, 'seller', email] as const,
    /** Cars side by side (`ids` as the address has them, "a,b"), with their distances from `near` when given. */
    compare: (ids: string, near?: string) => [...queryKeys.cars.all, 'compare', ids, near ?? null] as const,
    /** The market value of a car as its seller describes it in the post or edit form. */
    estimate: (car: CarEstimateInput | null) => [...queryKeys.cars.all, 'estimate', car] as const,
  },
  /** The seller's figures of their listings (issue 49): summed, the list of their cars, one car's. */
  listingStats: {
    all: ['listing-stats'] as const,
    summary: () => [...queryKeys.listingStats.all, 'summary'] as const,
    list: () => [...queryKeys.listingStats.all, 'list'] as const,
    detail: (carId: string) => [...queryKeys.listingStats.all, 'detail', carId] as const,
  },
  /** The car search (a seller's page shows one), its suggestions and the catalogue's facets. */
  search: {
    all: ['search'] as const,
    results: <State extends object>(state: State) => [...queryKeys.search.all, 'results', state] as const,
    suggestions: (q: string) => [...queryKeys.search.all, 'suggestions', q] as const,
    catalogueFacets: () => [...queryKeys.search.all, 'catalogue-facets'] as const,
  },
  /** The vehicle catalogue: its makes and a make's models (all, or those matching what was typed); VINs decoded. */
  vehicles: {
    all: ['vehicles'] as const,
    makes: (q: string) => [...queryKeys.vehicles.all, 'makes', q] as const,
    models: (makeId: number, q: string) => [...queryKeys.vehicles.all, 'models', makeId, q] as const,
    /** What a VIN says of its car. */
    vin: (vin: string) => [...queryKeys.vehicles.all, 'vin', vin] as const,
    /** The admins' lists: a make's aliases, the names cars carry that the catalogue lacks, the typo matches to review. */
    aliases: (makeId: number) => [...queryKeys.vehicles.all, 'aliases', makeId] as const,
    otherNames: () => [...queryKeys.vehicles.all, 'other-names'] as const,
    typoMatches: () => [...queryKeys.vehicles.all, 'typo-matches'] as const,
  },
  /** What a ZIP code's place is (the gazetteer's: it never changes while the app runs). */
  places: {
    all: ['places'] as const,
    detail: (postalCode: string) => [...queryKeys.places.all, 'detail', postalCode] as const,
  },
  categories: {
    all: ['categories'] as const,
    list: () => [...queryKeys.categories.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.categories.all, 'detail', id] as const,
  },
  /** A seller's page: name, badge, cars for sale. */
  sellers: {
    all: ['sellers'] as const,
    profile: (id: string) => [...queryKeys.sellers.all, 'profile', id] as const,
  },
  /**
   * Verified reviews (ADR 64): a seller's, the buyer's own and the test drives they may review, the
   * car cards' compact ratings (`ids` of a page's sellers, "a,b"), the admins' reported ones.
   */
  reviews: {
    all: ['reviews'] as const,
    seller: (sellerId: string) => [...queryKeys.reviews.all, 'seller', sellerId] as const,
    ratings: (ids: string) => [...queryKeys.reviews.all, 'ratings', ids] as const,
    mine: () => [...queryKeys.reviews.all, 'mine'] as const,
    reviewable: () => [...queryKeys.reviews.all, 'reviewable'] as const,
    reported: () => [...queryKeys.reviews.all, 'reported'] as const,
  },
  /** The signed-in seller's dealer profile and team, an invitation's page, and (admins) a dealer's verification history. */
  dealers: {
    all: ['dealers'] as const,
    mine: () => [...queryKeys.dealers.all, 'mine'] as const,
    verifications: (sellerId: string) => [...queryKeys.dealers.all, 'verifications', sellerId] as const,
    /** The dealer's team: members and pending invitations (the owner's and managers'). */
    team: () => [...queryKeys.dealers.all, 'team'] as const,
    /** What an e-mailed invitation's link is for. */
    invitation: (token: string) => [...queryKeys.dealers.all, 'invitation', token] as const,
  },
  /** A dealer's inventory imports (ADR 66): the list, one import's state, its rows, and the feed's API key. */
  imports: {
    all: ['imports'] as const,
    list: () => [...queryKeys.imports.all, 'list'] as const,
    detail: (id: string) => [...queryKeys.imports.all, 'detail', id] as const,
    /** An import's rows, all of them or only those with errors. */
    rows: (id: string, failedOnly: boolean) => [...queryKeys.imports.all, 'rows', id, failedOnly] as const,
    apiKey: () => [...queryKeys.imports.all, 'api-key'] as const,
  },
  /** The admins' lists of buyers and sellers. */
  users: {
    all: ['users'] as const,
    list: (role: Exclude<Role, 'Admin'>) => [...queryKeys.users.all, 'list', role] as const,
  },
  savedCars: {
    all: ['saved-cars'] as const,
    /** Whether the buyer saved this car. */
    state: (carId: string) => [...queryKeys.savedCars.all, 'state', carId] as const,
    list: (email: string) => [...queryKeys.savedCars.all, 'list', email] as const,
  },
  savedSearches: {
    all: ['saved-searches'] as const,
    list: () => [...queryKeys.savedSearches.all, 'list'] as const,
  },
  bookings: {
    all: ['bookings'] as const,
    buyer: (email: string) => [...queryKeys.bookings.all, 'buyer', email] as const,
    seller: (email: string) => [...queryKeys.bookings.all, 'seller', email] as const,
    /** One booking (its payment page). */
    detail: (id: string) => [...queryKeys.bookings.all, 'detail', id] as const,
    /** A car's test drives still ahead, which selling or deleting it would cancel. */
    ahead: (carId: string) => [...queryKeys.bookings.all, 'ahead', carId] as const,
  },
  payments: {
    /** The admins' ledger, refunds included. */
    all: ['payments'] as const,
    list: () => [...queryKeys.payments.all, 'list'] as const,
    /** The intent of a booking's fee or an offer's deposit, by the booking's or the offer's id. */
    intent: (id: string) => [...queryKeys.payments.all, 'intent', id] as const,
  },
  /** Offers: one offer (its state and whose turn it is), a buyer's made and a seller's received. */
  offers: {
    all: ['offers'] as const,
    detail: (id: string) => [...queryKeys.offers.all, 'detail', id] as const,
    list: (side: 'buyer' | 'seller') => [...queryKeys.offers.all, 'list', side] as const,
    waitlist: (carId: string) => [...queryKeys.offers.all, 'waitlist', carId] as const,
  },
  conversations: {
    all: ['conversations'] as const,
    list: () => [...queryKeys.conversations.all, 'list'] as const,
    messages: (id: string) => [...queryKeys.conversations.all, 'messages', id] as const,
    /** The admins' list of reported conversations. */
    reported: () => [...queryKeys.conversations.all, 'reported'] as const,
  },
  /** The notifications and the bell's unread count. */
  notifications: {
    all: ['notifications'] as const,
    list: () => [...queryKeys.notifications.all, 'list'] as const,
    unread: () => [...queryKeys.notifications.all, 'unread'] as const,
  },
  /** What the user chose to be told, apart: a new notification changes no setting. */
  notificationSettings: {
    all: ['notification-settings'] as const,
    preferences: () => [...queryKeys.notificationSettings.all, 'preferences'] as const,
    /** What an e-mail's unsubscribe link stops. */
    unsubscribe: (token: string) => [...queryKeys.notificationSettings.all, 'unsubscribe', token] as const,
  },
  reports: {
    all: ['reports'] as const,
    /** Whether the buyer reported this car. */
    state: (carId: string) => [...queryKeys.reports.all, 'state', carId] as const,
    /** The admins' list of reported cars. */
    list: () => [...queryKeys.reports.all, 'list'] as const,
  },
  /** The admins' contact inbox. */
  contactMessages: {
    all: ['contact-messages'] as const,
    list: (status?: ContactStatus) => [...queryKeys.contactMessages.all, 'list', status ?? 'all'] as const,
  },
};

export type Domain = keyof typeof queryKeys;

/**
 * A car posted, edited, sold, advertised or deleted. A seller's page counts their cars for sale;
 * saved cars, bookings, reports and conversations show the car; a sale or a deletion cancels its
 * bookings and refunds the paid ones (the admins' ledger), closes its offers; a deletion drops its
 * saves and reports; the seller's figures list their cars for sale, with each one's price beside
 * similar cars.
 */
const CAR_CHANGE = [
  'cars',
  'search',
  'sellers',
  'listingStats',
  'savedCars',
  'bookings',
  'reports',
  'payments',
  'conversations',
  'offers',
] as const;

/**
 * What a change of each domain refreshes, read from what the server changes with it: its own keys
 * and those of every domain that shows its data or that it changes in turn.
 */
export const REFRESHES = {
  cars: CAR_CHANGE,
  // A buyer or seller verified or deleted by an admin. The verified badge shows wherever the name
  // does, which a car's change refreshes already; a deletion deletes the user's cars too.
  users: ['users', ...CAR_CHANGE],
  /** A dealer profile saved, removed, verified or revoked: the seller page and the admins' list show it. */
  dealers: ['dealers', 'sellers', 'users'],
  // An import previewed or committed, or the feed's key made or revoked: no car changes until the
  // commit's job has applied rows, which the page says as a change of cars when it sees it finish.
  imports: ['imports'],
  // Requested, answered, moved or cancelled: the buyer's list, the seller's requests, a booking's page.
  bookings: ['bookings'],
  // Written, answered, hidden, restored or reported: the lists, the cards' ratings, and the seller
  // page's figures (the seller's profile carries them).
  reviews: ['reviews', 'sellers'],
  // Paid or refunded: the ledger, and the booking's paid state or the offer's deposit (a move of it).
  payments: ['payments', 'bookings', 'offers', 'conversations'],
  savedCars: ['savedCars'],
  savedSearches: ['savedSearches'],
  // A message sent, or an admin dismissing a conversation's reports; every move of an offer is a
  // message too, so the live update of a conversation refreshes its offers.
  conversations: ['conversations', 'offers'],
  // Made, answered, withdrawn or released: its conversation's thread, and the car reserved or freed.
  offers: ['offers', 'conversations', 'cars', 'search'],
  notifications: ['notifications'],
  // An admin dismissing a car's reports: the car stays.
  reports: ['reports'],
  contactMessages: ['contactMessages'],
  // A make or model renamed, merged, deleted or given an alias: the cars that carry it show it.
  vehicles: ['vehicles', 'cars', 'search'],
} as const satisfies Partial<Record<Domain, readonly Domain[]>>;

/** A domain that the app changes, by a mutation or as a live update tells. */
export type Change = keyof typeof REFRESHES;

/** Refreshes what a change of `domain` makes stale: the queries on screen are asked again at once. */
export async function changed(queryClient: QueryClient, domain: Change): Promise<void> {
  const refreshed: readonly Domain[] = REFRESHES[domain];
  await Promise.all(refreshed.map((d) => queryClient.invalidateQueries({ queryKey: queryKeys[d].all })));
}
