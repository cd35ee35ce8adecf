/** The photos routes (issue 45, item 1: being declared). */
export const photosRoutes = {};
