/**
 * Every route of the web app. Its route strings live in `routePatterns` (@redline/shared, so that the
 * server's links, in notifications, name the same pages); it feeds the router; `paths` builds the
 * links (params are URL-encoded).
 */
import { reviewAnchor, routePatterns } from '@redline/shared';
import { generatePath } from 'react-router';

export { routePatterns };

const r = routePatterns;

export type AboutSection = 'test-drives' | 'guarantee' | 'verified-members' | 'confidentiality' | 'sell-fast';

export const paths = {
  home: r.home,
  categories: r.categories,
  blog: r.blog,
  contact: r.contact,
  about: r.about,
  /** A section of the About page, e.g. the no-accident declaration, for footer and marketing links. */
  aboutSection: (section: AboutSection) => `${r.about}#${section}`,
  category: (id: string) => generatePath(r.category, { id }),
  /** The car search; `query` is its search part without the `?` (features/search writes it). */
  search: (query = '') => (query ? `${r.search}?${query}` : r.search),
  car: (id: string) => generatePath(r.car, { id }),
  /** Cars side by side; with a search's `near`, each one's distance from there. */
  compare: (ids: readonly string[], near?: string) =>
    `${r.compare}?${new URLSearchParams({ ids: ids.join(','), ...(near ? { near } : {}) })}`,
  /** A seller's page: their name and cars for sale, and their reviews. */
  seller: (id: string) => generatePath(r.seller, { id }),
  /** One review on its seller's page (`reviewAnchor`). */
  sellerReview: (sellerId: string, reviewId: string) =>
    `${generatePath(r.seller, { id: sellerId })}#${reviewAnchor(reviewId)}`,
  /** The pay page of a test-drive booking. */
  payBooking: (id: string) => generatePath(r.payBooking, { id }),
  payDeposit: (id: string) => generatePath(r.payDeposit, { id }),
  signUp: r.signUp,
  login: r.login,
  forgotPassword: r.forgotPassword,
  resetPassword: r.resetPassword,
  emailConfirmed: r.emailConfirmed,
  unsubscribe: r.unsubscribe,
  dashboard: r.dashboard,
  dashNotifications: r.dashNotifications,
  dashNotificationSettings: r.dashNotificationSettings,
  dashConversations: r.dashConversations,
  /** A conversation between a buyer and a car's seller. */
  conversation: (id: string) => generatePath(r.dashConversation, { id }),
  dashBuyerBookings: r.dashBuyerBookings,
  dashBuyerSaved: r.dashBuyerSaved,
  dashBuyerSearches: r.dashBuyerSearches,
  dashBuyerOffers: r.dashBuyerOffers,
  dashSellerAddCar: r.dashSellerAddCar,
  dashSellerCars: r.dashSellerCars,
  dashSellerRequests: r.dashSellerRequests,
  dashSellerOffers: r.dashSellerOffers,
  /** The seller's figures: summed, and per car for sale. */
  dashSellerPerformance: r.dashSellerPerformance,
  /** The figures of one of the seller's cars. */
  listingPerformance: (id: string) => generatePath(r.dashSellerListingPerformance, { id }),
  dashSellerDealer: r.dashSellerDealer,
  dashSellerTeam: r.dashSellerTeam,
  dashSellerImport: r.dashSellerImport,
  /** One import of the dealer's on the import page: its preview or progress, and its rows. */
  dashSellerImportOf: (id: string) => `${r.dashSellerImport}?${new URLSearchParams({ import: id })}`,
  dashSellerReviews: r.dashSellerReviews,
  dashAdminBuyers: r.dashAdminBuyers,
  dashAdminSellers: r.dashAdminSellers,
  dashAdminReported: r.dashAdminReported,
  dashAdminReportedConversations: r.dashAdminReportedConversations,
  dashAdminReportedReviews: r.dashAdminReportedReviews,
  dashAdminPayments: r.dashAdminPayments,
  dashAdminMessages: r.dashAdminMessages,
  dashAdminCatalogue: r.dashAdminCatalogue,
} as const;
