/**
 * The suite's `test`: Playwright's, plus helpers for signing in through the real UI, signing up
 * through the real API, and checking a page against WCAG 2 A/AA with axe; every test fails when React
 * reports a hydration error in any of its pages.
 * Tests import `test` and `expect` from here, never from @playwright/test directly.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';

export { expect };

/** Cookies (and origins) as Playwright's `storageState` option takes them. */
export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

export type SignUpRole = 'Buyer' | 'Seller';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  role: SignUpRole;
}

/** Password of every demo account (packages/demo-art/src/demo-data.ts). */
export const DEMO_PASSWORD = 'redline-demo';
export const DEMO_BUYER = 'buyer@redline.test';
export const DEMO_ADMIN = 'admin@redline.test';

export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url)
    throw new Error('E2E_BASE_URL is not set: run the suite with playwright test (global-setup.ts sets it)');
  return url;
}

/** A unique e-mail address for a user made by one test. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Signs in through the login form at /user/login and waits until the app has left that page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/user/login');
  const form = page.locator('form').filter({ has: page.getByLabel('Email', { exact: true }) });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: /^\s*(sign in|log ?in)\s*$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
}

/**
 * Creates an account through POST /api/auth/sign-up/email, then signs in with it (signing up signs
 * no one in, ADR 35); returns the signed-in storage state.
 */
export async function signUpViaApi(request: APIRequestContext, input: SignUpInput): Promise<StorageState> {
  const headers = { origin: baseURL() };
  const res = await request.post('/api/auth/sign-up/email', { data: input, headers });
  if (!res.ok()) throw new Error(`sign-up of ${input.email} failed: ${res.status()} ${await res.text()}`);
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: input.email, password: input.password },
    headers,
  });
  if (!signedIn.ok()) throw new Error(`sign-in of ${input.email} failed: ${signedIn.status()}`);
  return request.storageState();
}

/**
 * Fails with a readable list when axe finds WCAG 2 A/AA violations on the page as it is now, at
 * rest: the pointer moved off the page's controls (a button that came under it would show its hover
 * colours) and the running transitions and finite animations finished (colours half-way through one
 * are no one's colours).
 */
export async function expectNoA11yViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A transition or an animation that ends; a spinner's or a skeleton's runs for ever.
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * What React 19's react-dom logs when hydrating a server-rendered page goes wrong. Its production build
 * (the one the suite serves) reports a mismatch through `hydrateRoot`'s `onRecoverableError`, by
 * default `reportError`, so the page sees an uncaught error with the minified code: #418 the server's
 * HTML or text did not match the client, #419 the server could not finish a Suspense boundary, #422 /
 * #423 an error while hydrating, recovered by rendering on the client, #424 an error hydrating a
 * boundary. Its development build writes the same, in words, with console.error, and also the
 * mismatched attributes (which the production build patches up silently).
 */
const HYDRATION_PROBLEM = new RegExp(
  [
    String.raw`Minified React error #(418|419|422|423|424)\b`,
    'Hydration failed',
    'hydrated but some attributes',
    'error while hydrating',
    'could not finish this Suspense boundary',
    'before anything was able hydrate',
  ].join('|'),
);

/** Collects into `problems` the hydration errors of `page` (console errors and uncaught errors). */
function watchHydration(page: Page, problems: string[]): void {
  const note = (text: string) => {
    if (HYDRATION_PROBLEM.test(text)) problems.push(`${page.url()}: ${text}`);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') note(message.text());
  });
  page.on('pageerror', (error) => note(error.message));
}

interface Helpers {
  signIn: typeof signIn;
  signUpViaApi: typeof signUpViaApi;
  expectNoA11yViolations: typeof expectNoA11yViolations;
  /**
   * The hydration errors seen so far in every page of the test (its `page` and those of contexts it
   * opens): the test fails if any is left at its end.
   */
  hydrationProblems: string[];
}

export const test = base.extend<Helpers>({
  hydrationProblems: [
    async ({ browser }, use) => {
      const problems: string[] = [];
      const watchContext = (context: BrowserContext) => {
        for (const page of context.pages()) watchHydration(page, problems);
        context.on('page', (page) => watchHydration(page, problems));
      };
      // The test's own context (the `page` fixture's) and any it opens come from this browser.
      browser.on('context', watchContext);
      await use(problems);
      browser.off('context', watchContext);
      expect(problems, 'React reported hydration errors').toEqual([]);
    },
    { auto: true },
  ],
  // The server's address comes from global-setup.ts, also when the config was read before it ran.
  baseURL: async ({ baseURL: configured }, use) => {
    await use(configured ?? baseURL());
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  signIn: async ({}, use) => {
    await use(signIn);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  signUpViaApi: async ({}, use) => {
    await use(signUpViaApi);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument.
  expectNoA11yViolations: async ({}, use) => {
    await use(expectNoA11yViolations);
  },
});

/** The page, once React has taken over the server's HTML (typing before that reaches no handler). */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/**
 * The navigation bar's search on a large screen, opened as a visitor opens it: a click on the field.
 * The field is a stand-in that the combobox replaces as soon as the pointer enters it
 * (search-box.tsx), which may be between the pointer's arrival and the click: whichever is there
 * is clicked. Answers the combobox, which has the focus.
 */
export async function openNavbarSearch(page: Page): Promise<Locator> {
  const box = page.getByRole('combobox', { name: 'Search cars' });
  await page.getByRole('searchbox', { name: 'Search cars' }).or(box).click();
  await expect(box).toBeFocused();
  return box;
}
