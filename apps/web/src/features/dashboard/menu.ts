/** The dashboard menu per role (spec section 2, plus the seller's test-drive requests and the admin's payments). */
import type { Me, Role } from '@redline/shared';
import { paths } from '../../config/paths.ts';

export type DashboardMenuItem = { to: string; label: string; description: string };

const DASHBOARD_MENU: Record<Role, readonly DashboardMenuItem[]> = {
  Buyer: [
    {
      to: paths.dashBuyerBookings,
      label: 'My Bookings',
      description: 'Your test drives: confirm, pay or cancel; review the ones that took place.',
    },
    { to: paths.dashBuyerSaved, label: 'Saved Cars', description: 'Cars you bookmarked to look at again.' },
    {
      to: paths.dashBuyerSearches,
      label: 'Saved Searches',
      description: 'Searches that tell you of new cars: at once or in a daily digest.',
    },
    {
      to: paths.dashBuyerOffers,
      label: 'My Offers',
      description: "Offers you made on cars: the sellers' answers and counters.",
    },
    {
      to: paths.dashConversations,
      label: 'Messages',
      description: 'Your questions to sellers, and their answers.',
    },
    {
      to: paths.dashNotifications,
      label: 'Notifications',
      description: 'Price drops and sales of cars you saved, your test drives and your account.',
    },
  ],
  Seller: [
    {
      to: paths.dashSellerAddCar,
      label: 'Post a Car',
      description: 'List a car for sale with its photos.',
    },
    {
      to: paths.dashSellerCars,
      label: 'My Posts',
      description: 'Your listings; advertise them on the home page.',
    },
    {
      to: paths.dashSellerPerformance,
      label: 'Performance',
      description: 'How often buyers find, open and ask about each of your cars, and how it compares.',
    },
    {
      to: paths.dashSellerRequests,
      label: 'Test drive requests',
      description: 'Buyers who booked a test drive of your cars.',
    },
    {
      to: paths.dashSellerOffers,
      label: 'Offers received',
      description: 'Offers buyers made on your cars: accept, decline or counter.',
    },
    {
      to: paths.dashConversations,
      label: 'Messages',
      description: 'Questions buyers ask about your cars: answer them.',
    },
    {
      to: paths.dashSellerReviews,
      label: 'Reviews',
      description: 'What buyers said after their test drives: answer them.',
    },
    {
      to: paths.dashSellerDealer,
      label: 'Dealer profile',
      description: 'Sell as a business: your logo, address, opening hours and how to reach you.',
    },
    {
      to: paths.dashNotifications,
      label: 'Notifications',
      description: 'Test drives requested, paid or cancelled, and your account.',
    },
  ],
  Admin: [
    { to: paths.dashAdminBuyers, label: 'All Buyers', description: 'Verify or remove buyer accounts.' },
    { to: paths.dashAdminSellers, label: 'All Sellers', description: 'Verify or remove seller accounts.' },
    {
      to: paths.dashAdminReported,
      label: 'Reported Items',
      description: 'Posts buyers reported; delete the bad ones.',
    },
    {
      to: paths.dashAdminReportedConversations,
      label: 'Reported conversations',
      description: 'Conversations a buyer or seller reported: read them, dismiss the reports.',
    },
    {
      to: paths.dashAdminReportedReviews,
      label: 'Reported reviews',
      description: 'Reviews of sellers someone reported: hide or restore them, dismiss the reports.',
    },
    { to: paths.dashAdminPayments, label: 'Payments', description: 'Every test-drive payment received.' },
    {
      to: paths.dashAdminMessages,
      label: 'Messages',
      description: 'What visitors wrote through the contact form: reply, mark handled.',
    },
    {
      to: paths.dashAdminCatalogue,
      label: 'Vehicle catalogue',
      description: 'Makes, models and aliases; the names cars carry that it lacks.',
    },
    {
      to: paths.dashNotifications,
      label: 'Notifications',
      description: 'What Redline has told you.',
    },
  ],
};

const TEAM_ITEM: DashboardMenuItem = {
  to: paths.dashSellerTeam,
  label: 'Team',
  description: 'The people who sell for your dealership: invite them, set their roles, remove them.',
};

const IMPORT_ITEM: DashboardMenuItem = {
  to: paths.dashSellerImport,
  label: 'Import inventory',
  description: 'Bring your stock in from a CSV or JSON file, or let your system send it with an API key.',
};

/**
 * The user's menu: their role's, as their place in a dealer's team allows (ADR 65). A dealer's
 * owner and managers have its team and its imports; a salesperson works on the cars and leads, not
 * the profile.
 */
export function dashboardMenu(user: Pick<Me, 'role' | 'sellsFor'>): readonly DashboardMenuItem[] {
  const items = DASHBOARD_MENU[user.role];
  const { sellsFor } = user;
  if (!sellsFor) return items;
  if (sellsFor.role === 'salesperson') return items.filter((item) => item.to !== paths.dashSellerDealer);
  if (sellsFor.businessName === null) return items;
  const after = items.findIndex((item) => item.to === paths.dashSellerDealer) + 1;
  return [...items.slice(0, after), TEAM_ITEM, IMPORT_ITEM, ...items.slice(after)];
}
