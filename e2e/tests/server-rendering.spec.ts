/**
 * Pages that arrive rendered (issue 18, ADR 16): the HTML the server sends, read with scripts off,
 * holds the page's content, public and signed-in; a signed-out visitor to a private page, or a user
 * on a page of another role, is redirected by the server where the browser would send them; a page
 * that does not exist answers 404, a sold or deleted car's 410 Gone; the browser takes the page over
 * without a hydration error and without asking again for the data the page came with. Each page's
 * head arrives with it (title, description; canonical address and link previews on public pages and
 * a car's, which carries the car as JSON-LD; the preload of the main photo), and client-side
 * navigation keeps it to the page shown; the sitemap names the public pages and the cars. Reads the
 * demo data, and makes its own accounts and cars for the signed-in pages.
 */
import type {
  Browser,
  BrowserContext,
  ConsoleMessage,
  Page,
  PlaywrightWorkerArgs,
  Request,
} from '@playwright/test';
import { baseURL, DEMO_ADMIN, DEMO_BUYER, DEMO_PASSWORD, expect, hydrated, test } from '../fixtures.ts';
import { ratedDemoCar } from '../support/demo-data.ts';
import {
  bookViaApi,
  postCar,
  reportViaApi,
  saveViaApi,
  signInViaApi,
  signUp,
  tag,
} from '../support/marketplace.ts';

type Listed = { id: string; categoryId: string };
type Category = { id: string; name: string };

/** A browser context with scripts off, signed in as the demo buyer when asked. */
async function withoutScripts(browser: Browser, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  if (signedIn) {
    const res = await context.request.post('/api/auth/sign-in/email', {
      data: { email: DEMO_BUYER, password: DEMO_PASSWORD },
      headers: { origin: baseURL() },
    });
    expect(res.ok()).toBe(true);
  }
  return context;
}

/** The head as the HTML put it (scripts off): what crawlers and link previews read. */
async function headOf(page: Page) {
  return page.evaluate(() => {
    const all = (selector: string, attribute: string) =>
      [...document.head.querySelectorAll(selector)].map((element) => element.getAttribute(attribute));
    return {
      // Where each title is: a title outside the head is not the page's for crawlers. (An SVG's
      // title, a chart's, names the drawing, not the page.)
      titles: [...document.querySelectorAll('title')]
        .filter((title) => !title.closest('svg'))
        .map((title) => `${title.parentElement?.tagName}: ${title.text}`),
      description: all('meta[name="description"]', 'content'),
      canonical: all('link[rel="canonical"]', 'href'),
      og: Object.fromEntries(
        [...document.head.querySelectorAll('meta[property^="og:"]')].map((m) => [
          m.getAttribute('property'),
          m.getAttribute('content'),
        ]),
      ),
      twitterCard: all('meta[name="twitter:card"]', 'content'),
    };
  });
}

test('the public pages, the ones the sitemap lists, arrive with their own head, named by the site origin', async ({
  browser,
  request,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect((await robots.text()).split('\n')).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
  /** The addresses a sitemap file or index names. */
  const locs = async (path: string) => {
    const res = await request.get(path);
    expect(res.headers()['content-type'], path).toBe('application/xml; charset=utf-8');
    return [...(await res.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc ?? '');
  };
  // An index: the public pages' file, then the cars'.
  const [pagesFile, ...carFiles] = await locs('/sitemap.xml');
  expect(pagesFile).toBe(`${baseURL()}/sitemaps/pages.xml`);
  const pages = await locs('/sitemaps/pages.xml');
  expect(pages).toContain(`${baseURL()}/`);
  expect(pages).toContain(`${baseURL()}/categories`);
  const cars = (await Promise.all(carFiles.map((file) => locs(new URL(file).pathname)))).flat();
  expect(cars.length).toBeGreaterThan(0);
  for (const url of cars) expect(url).toMatch(new RegExp(`^${baseURL()}/cars/id/[0-9a-f-]{36}$`));

  const context = await withoutScripts(browser, false);
  const page = await context.newPage();
  const descriptions = new Set<string | null>();
  for (const url of pages) {
    const res = await page.goto(url);
    expect(res?.status(), url).toBe(200);
    const head = await headOf(page);
    expect(head.titles, url).toEqual([expect.stringMatching(/^HEAD: .+ · Redline$/)]);
    expect(head.description, url).toEqual([expect.stringMatching(/\w{3}/)]);
    expect(head.canonical, url).toEqual([url]);
    expect(head.og, url).toEqual({
      'og:site_name': 'Redline',
      'og:type': 'website',
      'og:title': head.titles[0]?.replace(/^HEAD: (.+) · Redline$/, '$1'),
      'og:description': head.description[0],
      'og:url': url,
    });
    expect(head.twitterCard, url).toEqual(['summary']);
    descriptions.add(head.description[0] ?? null);
  }
  expect(descriptions.size, 'every page describes itself').toBe(pages.length);
  await context.close();
});

test("the signed-in category and car pages arrive with their own head and their main photo's preload", async ({
  browser,
}) => {
  const context = await withoutScripts(browser, true);
  const [category] = (await (await context.request.get('/api/categories')).json()) as Category[];
  const cars = (await (await context.request.get(`/api/cars/${category?.id}?limit=1`)).json()) as {
    items: (Listed & { year: number; brand: string; model: string; trim: string | null })[];
  };
  const car = cars.items[0];
  if (!category || !car) throw new Error('the demo data has no category with a car');
  const page = await context.newPage();
  const carTitle = [car.year, car.brand, car.model, car.trim].filter(Boolean).join(' ');
  for (const [url, title] of [
    [`/category/${category.id}`, `${category.name} · Redline`],
    [`/cars/id/${car.id}`, `${carTitle} · Redline`],
  ] as const) {
    await page.goto(url);
    const head = await headOf(page);
    expect(head.titles, url).toEqual([`HEAD: ${title}`]);
    expect(head.description, url).toEqual([expect.stringMatching(/\w{3}/)]);
    if (url.startsWith('/category/')) {
      // A private page: nothing for crawlers or link previews.
      expect(head.canonical, url).toEqual([]);
      expect(head.og, url).toEqual({});
    } else {
      // A car's page is for crawlers and link previews: its address, its photo, the car as JSON-LD.
      expect(head.canonical, url).toEqual([`${baseURL()}${url}`]);
      expect(head.og, url).toMatchObject({
        'og:type': 'product',
        'og:url': `${baseURL()}${url}`,
        'og:image': expect.stringMatching(new RegExp(`^${baseURL()}/uploads/`)),
      });
      expect(head.twitterCard, url).toEqual(['summary_large_image']);
      const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
      expect(JSON.parse(jsonLd ?? '')).toMatchObject({ '@type': 'Car', offers: { priceCurrency: 'USD' } });
    }
    // The main photo is fetched from the head, for exactly the image the <img> picks, first.
    const photo = page.locator('#root img[fetchpriority="high"]');
    await expect(photo, url).toHaveCount(1);
    expect(await photo.getAttribute('loading'), url).not.toBe('lazy');
    const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload, url).toHaveCount(1);
    expect(await preload.getAttribute('imagesrcset'), url).toBe(await photo.getAttribute('srcset'));
    expect(await preload.getAttribute('imagesizes'), url).toBe(await photo.getAttribute('sizes'));
  }
  await context.close();
});

test("the public pages arrive with their content: hero and What's New, categories, blog", async ({
  browser,
  request,
}) => {
  const advertised = (await (await request.get('/api/advertise?limit=3')).json()) as { items: Listed[] };
  const categories = (await (await request.get('/api/categories')).json()) as Category[];
  expect(advertised.items.length).toBeGreaterThan(0);
  const context = await withoutScripts(browser, false);
  const page = await context.newPage();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next exotic');
  // Inert until scripts have taken it over: nothing (a form above all) acts on its own before.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await expect(page.getByRole('heading', { name: "What's New" })).toBeVisible();
  for (const car of advertised.items) {
    await expect(page.locator(`a[href="/cars/id/${car.id}"]`).first()).toBeAttached();
  }

  await page.goto('/categories');
  for (const category of categories) {
    await expect(page.getByText(category.name, { exact: true }).first()).toBeAttached();
  }

  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await context.close();
});

test('the signed-in category and car pages arrive with their content', async ({ browser }) => {
  const context = await withoutScripts(browser, true);
  const [category] = (await (await context.request.get('/api/categories')).json()) as Category[];
  const cars = (await (await context.request.get(`/api/cars/${category?.id}?limit=1`)).json()) as {
    items: (Listed & { model: string })[];
  };
  const car = cars.items[0];
  if (!category || !car) throw new Error('the demo data has no category with a car');
  const page = await context.newPage();

  await page.goto(`/category/${category.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.name);
  await expect(page.locator(`a[href="/cars/id/${car.id}"]`).first()).toBeAttached();

  await page.goto(`/cars/id/${car.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(car.model);
  await context.close();
});

test("a car page arrives with its market value's working: the estimate, the chart as SVG with its table, the comparables", async ({
  browser,
}) => {
  const context = await withoutScripts(browser, false);
  const car = await ratedDemoCar(context.request);
  const page = await context.newPage();
  await page.goto(`/cars/id/${car.id}`);
  const section = page.getByRole('region', { name: 'Market value' });
  await expect(section.getByText(/^Estimated from \d+ other BMW M3 cars/)).toBeVisible();
  const chart = section.locator('svg[role="img"]');
  await expect(chart).toHaveAccessibleName('Price against mileage of the comparable cars');
  await expect(chart.locator('circle, rect')).not.toHaveCount(0);
  // The table behind the chart, in a closed <details>: in the HTML, for a screen reader to open.
  await expect(section.locator('table')).toBeAttached();
  await expect(section.locator('a[href^="/cars/id/"]').first()).toBeAttached();
  await context.close();
});

test('a signed-out visitor to a private page is sent to sign in by the server, and comes back', async ({
  page,
  request,
}) => {
  const res = await request.get('/dash/buyer/bookings?tab=all', { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers().location).toBe('/user/login?returnTo=%2Fdash%2Fbuyer%2Fbookings%3Ftab%3Dall');
  expect(await res.text()).toBe('');

  await page.goto('/dash/buyer/bookings?tab=all');
  await expect(page).toHaveURL(/\/user\/login\?returnTo=/);
  await page.getByLabel('Email', { exact: true }).fill(DEMO_BUYER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/dash/buyer/bookings?tab=all');
});

test("a visitor's first pages load no schema code: zod comes with a form's first validation (ADR 2), a car's calculator when it comes near the screen (ADR 61)", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const zod = () => scripts.filter((script) => /\/zod-[\w-]+\.js$/.test(script));
  const car = await ratedDemoCar(page.request);
  const [category] = (await (await page.request.get('/api/categories')).json()) as { id: string }[];
  const { sellerId } = (await (await page.request.get(`/api/cars/id/${car.id}`)).json()) as {
    sellerId: string;
  };
  // A seller's page offers to report a review: its reasons come from constants.ts, not reviews.ts' schemas.
  const pages = [
    '/',
    '/categories',
    `/category/${category?.id}`,
    '/cars?brand=BMW',
    `/sellers/${sellerId}`,
    `/cars/id/${car.id}`,
  ];
  for (const url of pages) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(zod()).toEqual([]);

  // The car page's calculator reads its fields with zod: its code comes as it nears the screen.
  const calculator = page.getByRole('region', { name: 'Monthly payment' });
  await calculator.scrollIntoViewIfNeeded();
  await expect.poll(() => zod().length).toBe(1);
  await calculator.getByRole('textbox', { name: 'APR (%)' }).fill('3.9');
  await expect(page).toHaveURL(/[?&]apr=3\.9(&|$)/);
});

test("the home page's lower part arrives rendered, and its code comes when it nears the screen (ADR 68)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const lower = () => scripts.filter((script) => script.includes('/home-lower-sections-'));
  await page.goto('/');
  await hydrated(page);
  const whatsNew = page.getByRole('region', { name: "What's New" });
  await expect(whatsNew.getByRole('link').first()).toBeVisible();
  expect(lower()).toEqual([]);

  await whatsNew.scrollIntoViewIfNeeded();
  await expect.poll(() => lower().length).toBe(1);
  // Taken over: its cards' buttons work (a click in the moment before React has it does nothing).
  const compare = whatsNew.getByRole('button', { name: /^Compare/ }).first();
  await expect(async () => {
    if ((await compare.getAttribute('aria-pressed')) !== 'true') await compare.click();
    await expect(compare).toHaveAttribute('aria-pressed', 'true', { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('region', { name: /^Compare 1 of/ })).toBeVisible();
});

test('the browser takes a rendered page over without hydration errors or asking for its data again', async ({
  page,
}) => {
  const problems: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push(message.text());
  };
  page.on('console', onConsole);
  page.on('pageerror', (error) => problems.push(error.message));
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: DEMO_BUYER, password: DEMO_PASSWORD },
    headers: { origin: baseURL() },
  });
  expect(signIn.ok()).toBe(true);
  const advertised = (await (await page.request.get('/api/advertise?limit=1')).json()) as { items: Listed[] };
  const car = advertised.items[0];
  if (!car) throw new Error('the demo data has no advertised car');

  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // React took over the head the server wrote, without adding a second of anything.
  const home = await headOf(page);
  expect(home.titles).toEqual(['HEAD: Exotic and used cars · Redline']);
  expect(home.canonical).toEqual([`${baseURL()}/`]);
  expect(home.description).toHaveLength(1);
  // Hydrated: a client-side navigation works, and the head follows it.
  await page.getByRole('link', { name: 'Categories' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
  await expect(page).toHaveTitle('Categories · Redline');
  const categories = await headOf(page);
  expect(categories.canonical).toEqual([`${baseURL()}/categories`]);
  expect(categories.og['og:url']).toBe(`${baseURL()}/categories`);
  expect(categories.description).toHaveLength(1);
  expect(categories.description).not.toEqual(home.description);

  for (const path of ['/api/me', '/api/categories', '/api/advertise'])
    expect(asked, path).not.toContain(path);

  // The car page is rendered for every signed-in visitor alike (ADR 18): the browser asks who this
  // one is, once, and not for the car.
  await page.goto(`/cars/id/${car.id}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save this car' })).toBeVisible();

  expect(problems).toEqual([]);
  expect(asked.filter((path) => path === '/api/me')).toHaveLength(1);
  expect(asked).not.toContain(`/api/cars/id/${car.id}`);
});

/** A small marketplace of this test's own: a seller's car, booked, saved and reported by a buyer. */
async function marketplace(playwright: PlaywrightWorkerArgs['playwright']) {
  const sellerApi = await playwright.request.newContext({ baseURL: baseURL() });
  const buyerApi = await playwright.request.newContext({ baseURL: baseURL() });
  const adminApi = await playwright.request.newContext({ baseURL: baseURL() });
  const seller = await signUp(sellerApi, 'Seller', `Sid Seller ${tag()}`);
  const car = await postCar(sellerApi, `Emira ${tag()}`);
  const buyer = await signUp(buyerApi, 'Buyer', `Bo Buyer ${tag()}`);
  const booking = await bookViaApi(buyerApi, car.id, 'Austin');
  await saveViaApi(buyerApi, car.id);
  await reportViaApi(buyerApi, car.id, `Reported by ${buyer.name}`);
  await signInViaApi(adminApi, DEMO_ADMIN, DEMO_PASSWORD);
  const apis = { seller: sellerApi, buyer: buyerApi, admin: adminApi };
  return {
    seller,
    buyer,
    car,
    booking,
    apis,
    /** The first item of an API list as `who` sees it. */
    first: async <T>(who: keyof typeof apis, path: string) =>
      ((await (await apis[who].get(path)).json()) as { items: T[] }).items[0],
    dispose: () => Promise.all(Object.values(apis).map((api) => api.dispose())),
  };
}

/** The pages of each kind of user, and what each shows first once its data is there. */
async function privatePages(m: Awaited<ReturnType<typeof marketplace>>) {
  const buyerRow = await m.first<{ email: string }>('admin', '/api/user/buyers');
  const sellerRow = await m.first<{ email: string }>('admin', '/api/user/sellers');
  const reported = await m.first<{ carName: string }>('admin', '/api/reportedpost');
  const payment = await m.first<{ transactionId: string }>('admin', '/api/payments');
  return {
    buyer: {
      '/dash': `Welcome, ${m.buyer.name}`,
      '/dash/buyer/bookings': m.car.model,
      '/dash/buyer/saved': m.car.model,
      [`/buyer/bookings/${m.booking.id}`]: m.car.model,
      [`/cars/id/${m.car.id}`]: m.car.model,
    },
    seller: {
      '/dash/seller/addedproducts': m.car.model,
      '/dash/seller/requests': m.buyer.name,
      '/dash/seller/addproduct': 'Post a Car',
    },
    admin: {
      '/dash/admin/allbuyers': buyerRow?.email ?? 'No buyers yet',
      '/dash/admin/allsellers': sellerRow?.email ?? 'No sellers yet',
      '/dash/admin/reported': reported?.carName ?? 'Nothing reported',
      '/dash/admin/payments': payment?.transactionId ?? 'No payments yet',
    },
  } as const;
}

test("every signed-in user's pages arrive with their rows: dashboards, the pay page, the car page's saved state", async ({
  browser,
  playwright,
}) => {
  const m = await marketplace(playwright);
  for (const [who, pages] of Object.entries(await privatePages(m))) {
    const storageState = await m.apis[who as keyof typeof m.apis].storageState();
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, storageState });
    const page = await context.newPage();
    for (const [path, content] of Object.entries(pages)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('main').getByText(content).first(), path).toBeAttached();
    }
    if (who === 'buyer') {
      // The car page is the same for every signed-in visitor (ADR 18): nothing of theirs is in it.
      await page.goto(`/cars/id/${m.car.id}`);
      await expect(page.getByRole('button', { name: 'Save this car' })).toHaveCount(0);
      expect(await page.content()).not.toContain(m.buyer.email);
      await page.goto(`/buyer/bookings/${m.booking.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your test drive');
    }
    await context.close();
  }
  await m.dispose();
});

test('every signed-in page hydrates without asking for its data again', async ({ browser, playwright }) => {
  const m = await marketplace(playwright);
  for (const [who, pages] of Object.entries(await privatePages(m))) {
    const storageState = await m.apis[who as keyof typeof m.apis].storageState();
    const context = await browser.newContext({ baseURL: baseURL(), storageState });
    const page = await context.newPage();
    for (const [path, content] of Object.entries(pages)) {
      const asked: string[] = [];
      const onRequest = (request: Request) => {
        const url = new URL(request.url());
        // The live-updates stream (Server-Sent Events) is no data of the page's: it only says when to ask again.
        if (request.resourceType() === 'eventsource') return;
        if (request.method() === 'GET' && url.pathname.startsWith('/api/')) asked.push(url.pathname);
      };
      page.on('request', onRequest);
      await page.goto(path);
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expect(page.getByRole('main').getByText(content).first(), path).toBeVisible();
      // The car page's own part (the buyer saved this car) shows once its request has been answered:
      // waiting for the network alone can end before that request starts on a busy machine.
      if (path.startsWith('/cars/id/')) {
        await expect(page.getByRole('button', { name: 'Save this car' })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
      }
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      // A page rendered for every signed-in visitor (the car page, ADR 18) asks only for what is the
      // visitor's own: who they are, their unread notifications, and a buyer's saved and reported
      // state, once each.
      const own = path.startsWith('/cars/id/')
        ? ['/api/me', '/api/notifications', `/api/reportedpost/${m.car.id}`, `/api/savedpost/${m.car.id}`]
        : [];
      expect(asked.sort(), path).toEqual(own);
    }
    await context.close();
  }
  await m.dispose();
});

test("a signed-in car page shows each visitor's own part once it has hydrated", async ({
  browser,
  playwright,
}) => {
  const m = await marketplace(playwright);
  const asBuyer = await browser.newContext({
    baseURL: baseURL(),
    storageState: await m.apis.buyer.storageState(),
  });
  const buyerPage = await asBuyer.newPage();
  await buyerPage.goto(`/cars/id/${m.car.id}`);
  await expect(buyerPage.getByRole('button', { name: 'Save this car' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(buyerPage.getByRole('button', { name: 'Book a test drive now' })).toBeVisible();
  await expect(buyerPage.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();

  const asSeller = await browser.newContext({
    baseURL: baseURL(),
    storageState: await m.apis.seller.storageState(),
  });
  const sellerPage = await asSeller.newPage();
  await sellerPage.goto(`/cars/id/${m.car.id}`);
  await expect(sellerPage.getByRole('link', { name: 'Manage it in My Posts' })).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Book a test drive now' })).toBeDisabled();
  await Promise.all([asBuyer.close(), asSeller.close()]);
  await m.dispose();
});

test("a signed-in page does not move as the visitor's own parts come: the bell, the account buttons, Save this search", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: baseURL() });
  await signInViaApi(context.request, DEMO_BUYER, DEMO_PASSWORD);
  const [category] = (await (await context.request.get('/api/categories')).json()) as Category[];
  if (!category) throw new Error('the demo data has no category');
  const page = await context.newPage();
  // Every layout shift from the first paint on, as Lighthouse's CLS counts them (none after an input).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/category/${category.id}`);
    await expect(page.getByRole('button', { name: 'Save this search' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    const shifted = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shifted, `layout shift at ${width} px`).toBeLessThanOrEqual(0.02);
  }
  await context.close();
});

test('a signed-in user on a page of another role, or on the sign-in page, is sent by the server where the browser would send them', async ({
  playwright,
  page,
}) => {
  const m = await marketplace(playwright);
  const login = (path: string) => `/user/login?returnTo=${encodeURIComponent(path)}&wrongAccount=1`;
  const cases = [
    ['buyer', '/dash/seller/requests', login('/dash/seller/requests')],
    ['buyer', '/dash/admin/payments', login('/dash/admin/payments')],
    ['seller', `/buyer/bookings/${m.booking.id}`, login(`/buyer/bookings/${m.booking.id}`)],
    ['seller', '/dash/buyer/saved?x=1', login('/dash/buyer/saved?x=1')],
    ['seller', '/dash/admin/allbuyers', login('/dash/admin/allbuyers')],
    ['admin', '/dash/seller/addedproducts', login('/dash/seller/addedproducts')],
    // A signed-in user on the sign-in or sign-up page goes on to where they were going.
    ['buyer', `/user/login?returnTo=${encodeURIComponent('/dash/buyer/saved?x=1')}`, '/dash/buyer/saved?x=1'],
    ['seller', '/user/signup', '/'],
  ] as const;
  for (const [who, path, target] of cases) {
    const res = await m.apis[who].get(path, { maxRedirects: 0 });
    expect(res.status(), `${who} ${path}`).toBe(302);
    expect(res.headers().location, `${who} ${path}`).toBe(target);
    expect(await res.text()).toBe('');
  }

  // The sign-in page it sends them to keeps them there, to sign in with another account.
  await page.context().addCookies((await m.apis.buyer.storageState()).cookies);
  await page.goto('/dash/seller/requests');
  await expect(page).toHaveURL(login('/dash/seller/requests'));
  await expect(page.getByText('That page needs a different account')).toBeVisible();
  await m.dispose();
});

test('a missing car, a missing category and an unknown page answer 404, with the not-found page', async ({
  page,
}) => {
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: DEMO_BUYER, password: DEMO_PASSWORD },
    headers: { origin: baseURL() },
  });
  expect(signIn.ok()).toBe(true);
  const missing = ['/cars/id/no-such-car', '/category/no-such-category', '/no/such/page'];
  for (const path of missing) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('Looks like this page doesn&#x27;t exist!');
  }
  const signedOut = await page.request.get('/no/such/page', { headers: { cookie: '' } });
  expect(signedOut.status()).toBe(404);

  // The browser shows the same page, without asking again for what was missing.
  const asked: string[] = [];
  page.on('request', (request) => {
    // The live-updates stream (Server-Sent Events) is no data of the page's.
    if (request.resourceType() !== 'eventsource') asked.push(new URL(request.url()).pathname);
  });
  for (const path of missing) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Looks like this page doesn't exist!");
  }
  await page.waitForLoadState('networkidle');
  // Nothing of what was missing; a car's or a category's page, rendered alike for every signed-in
  // visitor (ADR 18), asks who the visitor is and their unread notifications.
  expect(asked.filter((path) => path.startsWith('/api/')).sort()).toEqual([
    '/api/me',
    '/api/me',
    '/api/notifications',
    '/api/notifications',
  ]);
});

test("a sold car's page and a deleted car's answer 410 Gone, the sold one with a search of its make and model", async ({
  page,
  playwright,
}) => {
  const sellerApi = await playwright.request.newContext({ baseURL: baseURL() });
  await signUp(sellerApi, 'Seller', `Sol Seller ${tag()}`);
  const model = `Evora ${tag()}`;
  const sold = await postCar(sellerApi, model);
  const deleted = await postCar(sellerApi, `Elise ${tag()}`);
  const headers = { origin: baseURL() };
  expect((await sellerApi.patch(`/api/cars/${sold.id}`, { data: { sold: true }, headers })).ok()).toBe(true);
  expect((await sellerApi.delete(`/api/cars/${deleted.id}`, { headers })).ok()).toBe(true);
  await sellerApi.dispose();
  await signInViaApi(page.request, DEMO_BUYER, DEMO_PASSWORD);

  const soldPage = await page.request.get(`/cars/id/${sold.id}`);
  expect(soldPage.status()).toBe(410);
  const deletedPage = await page.request.get(`/cars/id/${deleted.id}`);
  expect(deletedPage.status()).toBe(410);
  expect(await deletedPage.text()).toContain('This car is no longer on Redline');

  // The browser shows the same pages, without asking again.
  await page.goto(`/cars/id/${sold.id}`);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByText('This car is sold: it is no longer for sale.')).toBeVisible();
  await page.getByRole('link', { name: `See Lotus ${model} for sale` }).click();
  await expect(page).toHaveURL(/\/cars\?q=Evora\+\w+&brand=Lotus$/);
  await page.goto(`/cars/id/${deleted.id}`);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This car is no longer on Redline');
});

test('a hydration mismatch fails the test (the suite-wide check of fixtures.ts sees it)', async ({
  page,
  hydrationProblems,
}) => {
  // The server's HTML of the home page with its heading changed: the browser renders another text.
  await page.route('/', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('Find your next exotic', 'Find your next bicycle');
    // The text is decoded: sent as it is, without the encoding the server's answer had.
    const { 'content-encoding': _, ...headers } = response.headers();
    await route.fulfill({ response, body: html, headers });
  });
  await page.goto('/');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect.poll(() => hydrationProblems.length).toBeGreaterThan(0);
  expect(hydrationProblems.join('\n')).toMatch(/Minified React error #418/);
  // Seen: the check has done its work; leave the test to pass.
  hydrationProblems.length = 0;
});

test("a page's JavaScript is asked for once the page has painted, and after its main photo (ADR 77)", async ({
  page,
}) => {
  /** When (ms since the navigation) the page first painted, its main photo came, and each script was asked for. */
  const timings = () =>
    page.evaluate(() => {
      const [paint] = performance.getEntriesByName('first-contentful-paint');
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const photo = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
      return {
        paint: paint?.startTime,
        photoCame: resources.find((entry) => photo && entry.name === photo.currentSrc)?.responseEnd,
        scripts: resources
          .filter(
            (entry) =>
              entry.initiatorType === 'script' && new URL(entry.name).pathname.startsWith('/assets/'),
          )
          .map((entry) => entry.startTime),
      };
    });
  const car = await ratedDemoCar(page.request);
  for (const url of ['/', '/user/login']) {
    await page.goto(url);
    await hydrated(page);
    const { paint, scripts } = await timings();
    expect(paint).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint ?? Number.NaN);
  }

  // Signed in, a car's page: its head comes before the page is rendered, its main photo preloaded.
  await signInViaApi(page.request, DEMO_BUYER, DEMO_PASSWORD);
  await page.goto(`/cars/id/${car.id}`);
  await hydrated(page);
  const { paint, photoCame, scripts } = await timings();
  expect(photoCame).toBeGreaterThan(0);
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(Math.max(paint ?? Number.NaN, photoCame ?? Number.NaN));
});
