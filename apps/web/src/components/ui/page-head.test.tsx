import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { PageHead } from './page-head.tsx';

/** What a crawler or a link preview reads in the document's head. */
function head() {
  const meta = (selector: string) =>
    [...document.head.querySelectorAll<HTMLMetaElement>(selector)].map((m) => m.content);
  return {
    title: document.title,
    description: meta('meta[name="description"]'),
    canonical: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]')].map(
      (l) => l.href,
    ),
    ogTitle: meta('meta[property="og:title"]'),
    ogUrl: meta('meta[property="og:url"]'),
    twitterCard: meta('meta[name="twitter:card"]'),
  };
}

describe('PageHead', () => {
  it("keeps the head to the current page's through client-side navigation, public and private", async () => {
    const user = userEvent.setup();
    renderRoutes(
      [
        {
          path: '/blog',
          element: (
            <>
              <PageHead title="Blog" description="Answers." canonical="/blog" />
              <Link to="/about">About</Link>
            </>
          ),
        },
        {
          path: '/about',
          element: (
            <>
              <PageHead title="About" description="How it works." canonical="/about" />
              <Link to="/dash">Dashboard</Link>
            </>
          ),
        },
        { path: '/dash', element: <PageHead title="Dashboard" description="Yours." /> },
      ],
      { initialEntries: ['/blog'] },
    );
    expect(head()).toEqual({
      title: 'Blog · Redline',
      description: ['Answers.'],
      canonical: [`${window.location.origin}/blog`],
      ogTitle: ['Blog'],
      ogUrl: [`${window.location.origin}/blog`],
      twitterCard: ['summary'],
    });

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(head()).toEqual({
      title: 'About · Redline',
      description: ['How it works.'],
      canonical: [`${window.location.origin}/about`],
      ogTitle: ['About'],
      ogUrl: [`${window.location.origin}/about`],
      twitterCard: ['summary'],
    });

    // A private page has its title and description, and nothing for link previews or crawlers.
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(head()).toEqual({
      title: 'Dashboard · Redline',
      description: ['Yours.'],
      canonical: [],
      ogTitle: [],
      ogUrl: [],
      twitterCard: [],
    });
  });
});
