/** The categories routes (issue 45, item 1: being declared). */
export const categoriesRoutes = {};
