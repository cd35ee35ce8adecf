import type { ReactNode } from 'react';
import { PageHead } from '../../components/ui/page-head.tsx';
import { paths } from '../../config/paths.ts';

type Post = { question: string; answer: ReactNode };

const POSTS: readonly Post[] = [
  {
    question: 'What are the different kinds of state in a React app, and where should each live?',
    answer: (
      <>
        <p>
          Most state problems come from treating every value the same way. It helps to sort state by where its
          truth lives:
        </p>
        <ul>
          <li>
            <strong>Local UI state</strong> (is this menu open, which tab is active) belongs in{' '}
            <code>useState</code> inside the component that uses it. Lift it to the nearest common parent only
            when a sibling needs it.
          </li>
          <li>
            <strong>Server state</strong> (cars, bookings, the signed-in user) is a cache of data that lives
            on the server. A library such as TanStack Query handles fetching, caching, retries and refetching,
            so you never copy it into a global store and let it go stale.
          </li>
          <li>
            <strong>URL state</strong> (filters, the current page, an id) belongs in the address, so it
            survives a reload and can be shared as a link.
          </li>
          <li>
            <strong>Form state</strong> is best left to a form library (react-hook-form) that validates with
            the same schema the server uses.
          </li>
          <li>
            <strong>Truly global client state</strong> (theme, a shopping basket before checkout) is rare;
            React context or a small store is enough.
          </li>
        </ul>
        <p>
          Redline follows exactly this split: the theme is a tiny store, the user and the catalogue come from
          TanStack Query, and every route is a real URL.
        </p>
      </>
    ),
  },
  {
    question: 'What is a unit test, and why should we write them?',
    answer: (
      <>
        <p>
          A unit test checks one small piece of code (a function, a hook, a component) in isolation, quickly
          and repeatably. It feeds the unit an input and asserts an outcome someone cares about: the value
          returned, the text on the screen, the request sent.
        </p>
        <p>Unit tests pay for themselves in three ways:</p>
        <ul>
          <li>they catch regressions minutes after they are written instead of weeks later in production;</li>
          <li>they make refactoring safe, because behaviour is pinned down while the inside changes;</li>
          <li>
            they document intent: a test named “shows the password rule on an empty submit” explains the form
            better than a comment.
          </li>
        </ul>
        <p>
          A good unit test fails for one reason, does not depend on other tests, and mocks only the edges (the
          network, the clock), never the code under test. A test that cannot fail is worse than none: it gives
          false confidence.
        </p>
      </>
    ),
  },
  {
    question: 'When do you need an end-to-end test instead of a unit test?',
    answer: (
      <>
        <p>
          Unit tests prove the pieces work; end-to-end tests prove they work <em>together</em>. An end-to-end
          test drives a real browser against the real built app and server, the way a user would: open the
          page, type, click, and read what appears.
        </p>
        <p>
          Write one for the journeys that make or lose money and for things only the whole system can show:
        </p>
        <ul>
          <li>sign up, sign in and come back to the page you wanted;</li>
          <li>book a test drive and pay for it with a test card;</li>
          <li>that a buyer cannot open a seller’s page, even by typing its address;</li>
          <li>cookies, redirects, content security policy and other things a unit test never sees.</li>
        </ul>
        <p>
          They are slower and more fragile, so keep them few and focused, select elements by role and label
          (as a user would find them), and leave edge cases of validation to fast unit tests.
        </p>
      </>
    ),
  },
  {
    question: 'How do you make a web form accessible?',
    answer: (
      <>
        <p>
          Accessible forms are simply forms that work for everyone, including keyboard and screen-reader
          users:
        </p>
        <ul>
          <li>
            Every control has a visible <code>&lt;label&gt;</code> tied to it; a placeholder is not a label.
          </li>
          <li>
            Error messages appear as text next to the field, are linked with <code>aria-describedby</code>,
            and the field is marked <code>aria-invalid</code>; focus moves to the first invalid field on
            submit.
          </li>
          <li>
            Everything works with the keyboard alone, in a logical order, with a clearly visible focus ring.
          </li>
          <li>
            Text and field borders meet WCAG contrast (4.5:1 for text, 3:1 for borders) in both light and dark
            themes.
          </li>
          <li>
            Toggles such as “show password” are real buttons with a name and a pressed state, not clickable
            icons.
          </li>
        </ul>
        <p>
          Then test it: tab through the form, use it with a screen reader, and let an automated checker such
          as axe catch what you missed.
        </p>
      </>
    ),
  },
];

export default function BlogPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <PageHead
        title="Blog"
        description="Answers to what buyers and sellers ask about Redline: test drives, payments, verified sellers and selling your car."
        canonical={paths.blog}
      />
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Blog</h1>
        <p className="mt-2 text-base-content/75">
          Notes from the team that builds Redline: how we write the front end and how we test it.
        </p>
      </header>
      <div className="flex flex-col gap-3">
        {POSTS.map((post, index) => (
          <details
            key={post.question}
            className="collapse collapse-arrow border border-base-300 bg-base-100"
            open={index === 0}
          >
            <summary className="collapse-title pe-12 text-lg font-semibold">{post.question}</summary>
            <div className="collapse-content flex flex-col gap-3 text-base-content/90 [&_li]:ms-5 [&_li]:list-disc [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1">
              {post.answer}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}
