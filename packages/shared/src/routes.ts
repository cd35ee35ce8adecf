/**
 * Every route of the web app, and the only place route strings live: the web app's router and links
 * (apps/web/src/config/paths.ts) and the server's links to its pages (a notification's) read them.
 */
export const routePatterns = {
  home: '/',
  categories: '/categories',
  blog: '/blog',
  contact: '/contact',
  about: '/about',
  category: '/category/:id',
  search: '/cars',
  car: '/cars/id/:id',
  /** Cars side by side: `?ids=a,b` (and a search's `near`, to show their distances). */
  compare: '/compare',
  seller: '/sellers/:id',
  payBooking: '/buyer/bookings/:id',
  /** The buyer pays the holding deposit of the car their accepted offer reserved. */
  payDeposit: '/buyer/offers/:id/deposit',
  signUp: '/user/signup',
  login: '/user/login',
  forgotPassword: '/user/forgot-password',
  resetPassword: '/user/reset-password',
  /** Where an e-mailed confirmation link lands (`?error=` when the link did not confirm). */
  emailConfirmed: '/user/email-confirmed',
  /** An e-mail's unsubscribe link: confirms, then stops that kind's e-mails (no sign-in). */
  unsubscribe: '/notifications/unsubscribe',
  /** An e-mailed invitation to a dealer's team: who invites, as what; sign in, then accept. */
  teamInvitation: '/team/invitations/:token',
  dashboard: '/dash',
  dashNotifications: '/dash/notifications',
  dashNotificationSettings: '/dash/notifications/settings',
  dashConversations: '/dash/messages',
  dashConversation: '/dash/messages/:id',
  dashBuyerBookings: '/dash/buyer/bookings',
  dashBuyerSaved: '/dash/buyer/saved',
  dashBuyerSearches: '/dash/buyer/searches',
  dashBuyerOffers: '/dash/buyer/offers',
  dashSellerAddCar: '/dash/seller/addproduct',
  dashSellerCars: '/dash/seller/addedproducts',
  dashSellerRequests: '/dash/seller/requests',
  dashSellerOffers: '/dash/seller/offers',
  dashSellerDealer: '/dash/seller/dealer',
  /** A dealer's team: members, roles and invitations (the owner and managers). */
  dashSellerTeam: '/dash/seller/team',
  /** A dealer's inventory imports and the feed's API key (the owner and managers). */
  dashSellerImport: '/dash/seller/import',
  /** The seller's reviews, to answer (a new review's notification links here). */
  dashSellerReviews: '/dash/seller/reviews',
  dashSellerPerformance: '/dash/seller/performance',
  dashSellerListingPerformance: '/dash/seller/performance/:id',
  dashAdminBuyers: '/dash/admin/allbuyers',
  dashAdminSellers: '/dash/admin/allsellers',
  dashAdminReported: '/dash/admin/reported',
  dashAdminPayments: '/dash/admin/payments',
  dashAdminMessages: '/dash/admin/messages',
  dashAdminCatalogue: '/dash/admin/catalogue',
  dashAdminReportedConversations: '/dash/admin/reported-conversations',
  dashAdminReportedReviews: '/dash/admin/reported-reviews',
  notFound: '*',
} as const;

/**
 * The fragment that names a review on its seller's page (`/sellers/:id#review-…`), as notifications
 * link it. Here, with the routes, rather than in reviews.ts: every page's links read it, and they load
 * no schema (ADR 2).
 */
export const reviewAnchor = (reviewId: string) => `review-${reviewId}`;
