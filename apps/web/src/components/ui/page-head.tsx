/**
 * A page's head: its title and description, and for a public page its canonical address, Open Graph
 * and Twitter card. Every page renders one; React 19 hoists these elements into `<head>` in the browser
 * (and replaces them on navigation), and the server writes them into the head it sends
 * (entry-server.tsx), so that crawlers read them without running scripts.
 */
import { useAbsoluteUrl } from '../../lib/site-origin.ts';

const SITE_NAME = 'Redline';

type PageHeadProps = {
  title: string;
  description: string;
  /** The path of a public page (one a signed-out visitor can see); private pages have none. */
  canonical?: string;
};

export function PageHead({ title, description, canonical }: PageHeadProps) {
  return (
    <>
      <title>{`${title} · ${SITE_NAME}`}</title>
      <meta name="description" content={description} />
      {canonical === undefined ? null : (
        <PublicPageHead title={title} description={description} path={canonical} />
      )}
    </>
  );
}

/** Link previews read Open Graph; Twitter reads it too, with its card type. */
function PublicPageHead({ title, description, path }: { title: string; description: string; path: string }) {
  const url = useAbsoluteUrl(path);
  if (url === undefined) return null;
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
    </>
  );
}
