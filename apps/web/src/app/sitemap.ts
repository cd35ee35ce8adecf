/**
 * The pages crawlers are told about (the server's /sitemaps/pages.xml, from entry-server.tsx): the
 * public pages, each of which names itself with this path as its canonical address (PageHead). The
 * category pages need a session, so they are not here; the cars for sale are listed by the server
 * itself, from the catalogue (apps/server/src/web/crawlers.ts).
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
