/**
 * The pages crawlers are told about (the server's /sitemap.xml, from entry-server.tsx): the public
 * pages, each of which names itself with this path as its canonical address (PageHead). The category
 * and car pages need a session, so they are not here.
 */
import { paths } from '../config/paths.ts';

export const sitemapPaths: readonly string[] = [
  paths.home,
  paths.categories,
  paths.blog,
  paths.about,
  paths.contact,
  paths.signUp,
  paths.login,
  paths.forgotPassword,
];
