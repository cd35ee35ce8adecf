/** The notifications routes (issue 45, item 1: being declared). */
export const notificationsRoutes = {};
