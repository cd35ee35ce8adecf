/** The saved posts module's public surface: other code imports this file only. */
export { savedPostsRoutes } from './saved-posts.routes.ts';
