/** The shell every page shares: navigation, footer, theme, 404, the API docs and the security headers. */
import { expect, hydrated, test } from '../fixtures.ts';

const NAV_LINKS = [
  { name: 'Home', path: '/' },
  { name: 'Categories', path: '/categories' },
  { name: 'Blog', path: '/blog' },
  { name: 'Contact Us', path: '/contact' },
  { name: 'About', path: '/about' },
];

test('the home page renders the navigation with its five links and the footer', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of NAV_LINKS) {
    const anchor = nav.getByRole('link', { name: link.name, exact: true });
    await expect(anchor).toBeVisible();
    await expect(anchor).toHaveAttribute('href', link.path);
  }
  await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();

  const footer = page.getByRole('contentinfo');
  await expect(footer).toBeVisible();
  await expect(footer.getByRole('link').first()).toBeVisible();
  await expect(footer).toContainText(/Redline/);
});

test('the navigation links lead to their pages', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of NAV_LINKS.slice(1)) {
    await nav.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(link.path);
    await expect(page.getByText("Looks like this page doesn't exist!")).toHaveCount(0);
  }
});

test('on a phone the links fold into a menu that opens', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Categories', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main' });
  for (const link of NAV_LINKS)
    await expect(menu.getByRole('link', { name: link.name, exact: true })).toBeVisible();
});

test('the theme follows the system setting until the visitor chooses one', async ({ page }) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(html).toHaveAttribute('data-theme', /\S/);
  const light = await html.getAttribute('data-theme');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', /\S/);
  await expect(html).not.toHaveAttribute('data-theme', light ?? '');
});

test('the theme toggle switches the theme and the choice survives a reload', async ({ page }) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(html).toHaveAttribute('data-theme', /\S/);
  const initial = (await html.getAttribute('data-theme')) ?? '';

  await page.getByRole('button', { name: /switch to dark/i }).click();
  await expect(html).not.toHaveAttribute('data-theme', initial);
  const dark = (await html.getAttribute('data-theme')) ?? '';
  expect(dark).not.toBe('');

  // The system still says light: only the remembered choice can keep it dark.
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', dark);
  await page.getByRole('button', { name: /switch to light/i }).click();
  await expect(html).toHaveAttribute('data-theme', initial);
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', initial);
});

test('a footer link opens its section of the About page; Back returns to where the visitor was', async ({
  page,
}) => {
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.goto('/');
  // A link is followed once the app has taken the page over (the page is inert until then).
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  const atFooter = await scrollY();
  expect(atFooter).toBeGreaterThan(0);

  await footer.getByRole('link', { name: 'No-accident declaration' }).click();
  await expect(page).toHaveURL('/about#guarantee');
  await expect(page.locator('#guarantee')).toBeInViewport();

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect.poll(scrollY).toBeCloseTo(atFooter, -1);

  // A link to a page without a section starts that page at the top.
  await footer.getByRole('link', { name: 'Our blog' }).click();
  await expect(page).toHaveURL('/blog');
  await expect.poll(scrollY).toBe(0);
});

test('a visitor who scrolls the page before the app has taken it over stays where they scrolled (ADR 77)', async ({
  page,
}) => {
  // The app's code comes late, as on a slow link: the visitor reads and scrolls the server's page meanwhile.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.goto('/');
  await expect(page.locator('#root')).toHaveAttribute('inert');
  await page.mouse.wheel(0, 1200);
  await expect.poll(scrollY).toBeGreaterThan(1000);
  const scrolled = await scrollY();

  await hydrated(page);
  expect(await scrollY()).toBe(scrolled);
});

test('an unknown route shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/no/such/page-e2e');
  await expect(page.getByText("Looks like this page doesn't exist!")).toBeVisible();
  await expect(page.getByText('404').first()).toBeVisible();
  await page.getByRole('link', { name: 'Go Back To Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText("Looks like this page doesn't exist!")).toHaveCount(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the home and 404 pages have no WCAG 2 A/AA violations (${colorScheme} theme)`, async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoA11yViolations(page);
    await page.goto('/no/such/page-e2e');
    await expect(page.getByText("Looks like this page doesn't exist!")).toBeVisible();
    await expectNoA11yViolations(page);
  });
}

test('GET /api/docs/json is an OpenAPI document of the API', async ({ request }) => {
  const res = await request.get('/api/docs/json');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/json/);
  const doc = (await res.json()) as {
    openapi?: string;
    info?: { title?: string };
    paths?: Record<string, unknown>;
  };
  expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
  expect(doc.info?.title).toBeTruthy();
  expect(Object.keys(doc.paths ?? {})).toEqual(
    expect.arrayContaining(['/api/health/ready', '/api/categories']),
  );
});

test('responses carry a Content-Security-Policy and the app runs under it', async ({ page, request }) => {
  for (const url of ['/', '/api/health/ready', '/no/such/page-e2e']) {
    const res = await request.get(url);
    const csp = res.headers()['content-security-policy'];
    expect(csp, `CSP header of ${url}`).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  }

  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // A theme change runs script and changes styles: both must be allowed.
  await page.getByRole('button', { name: /switch to (dark|light)/i }).click();
  expect(violations).toEqual([]);
});
