/**
 * A page's head: its title and description, and for a public page its canonical address, Open Graph
 * and Twitter card. Every page renders one; React 19 hoists these elements into `<head>` in the browser
 * (and replaces them on navigation), and the server writes them into the head it sends
 * (entry-server.tsx), so that crawlers read them without running scripts.
 */
import { useSiteOrigin } from '../../lib/site-origin.ts';

const SITE_NAME = 'Redline';

type PageHeadProps = {
  title: string;
  description: string;
  /** The path of a public page (one a signed-out visitor can see); private pages have none. */
  canonical?: string;
  /** A public page's picture for link previews (a car's first photo): a path on this site, or a URL. */
  image?: string;
  /** What Open Graph calls the page: a website's page, or a product for sale (a car). */
  type?: 'website' | 'product';
};

export function PageHead({ title, description, canonical, image, type = 'website' }: PageHeadProps) {
  return (
    <>
      <title>{`${title} · ${SITE_NAME}`}</title>
      <meta name="description" content={description} />
      {canonical === undefined ? null : (
        <PublicPageHead title={title} description={description} path={canonical} image={image} type={type} />
      )}
    </>
  );
}

/** Link previews read Open Graph; Twitter reads it too, with its card type. */
function PublicPageHead({
  title,
  description,
  path,
  image,
  type,
}: {
  title: string;
  description: string;
  path: string;
  image: string | undefined;
  type: 'website' | 'product';
}) {
  const origin = useSiteOrigin();
  if (origin === undefined) return null;
  const url = new URL(path, origin).href;
  const imageUrl = image === undefined ? undefined : new URL(image, origin).href;
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl === undefined ? null : <meta property="og:image" content={imageUrl} />}
      <meta name="twitter:card" content={imageUrl === undefined ? 'summary' : 'summary_large_image'} />
    </>
  );
}
