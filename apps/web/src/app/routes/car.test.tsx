import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aCarDetail } from '../../testing/fixtures/car.ts';
import { buyer, seller } from '../../testing/fixtures/user.ts';
import { json, mockFetch, renderRoutes } from '../../testing/test-utils.tsx';
import CarPage from './car.tsx';

const car = aCarDetail();
const renderCar = (id = car.id) =>
  renderRoutes([{ path: '/cars/id/:id', Component: CarPage }], { initialEntries: [`/cars/id/${id}`] });

describe('CarPage', () => {
  it('shows every field of the car', async () => {
    mockFetch({ '/api/me': json(buyer), [`/api/cars/id/${car.id}`]: json(car) });
    renderCar();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Porsche 911 GT3 Touring' }),
    ).toBeInTheDocument();
    const page = document.body.textContent ?? '';
    for (const text of [
      '2021',
      '$189,500',
      '$215,000',
      'Sam Seller',
      'Posted by',
      '4.0 L flat-six',
      'Petrol',
      '320 kmph',
      '12,500 km',
      car.about,
      'Sports cars',
    ]) {
      expect(page).toContain(text);
    }
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Photos of the 2021 Porsche 911 GT3 Touring' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('offers the test drive to buyers only: others see it disabled with a reason', async () => {
    mockFetch({ '/api/me': json(seller), [`/api/cars/id/${car.id}`]: json(car) });
    renderCar();
    const book = await screen.findByRole('button', { name: 'Book a test drive now' });
    expect(book).toBeDisabled();
    expect(book.getAttribute('aria-describedby')).toBe('car-actions-hint');
    expect(document.getElementById('car-actions-hint')?.textContent).toMatch(/buyer/);
    // The seller's own car links to My Posts.
    expect(screen.getByRole('link', { name: 'Manage it in My Posts' })).toBeInTheDocument();
  });

  it("holds the viewer's actions' place while it asks who they are, then shows theirs", async () => {
    // As on a page the server rendered for every signed-in visitor: the car is there, `me` comes later.
    let answerMe = (_user: unknown) => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const respond = (body: unknown) =>
          new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
        if (String(input).endsWith('/api/me')) {
          return new Promise<Response>((resolve) => {
            answerMe = (user) => resolve(respond(user));
          });
        }
        if (String(input).includes(`/api/cars/id/${car.id}`)) return respond(car);
        return respond({ saved: false });
      }),
    );
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).queryAllByRole('button')).toEqual([]);
    expect(document.getElementById('car-actions-hint')).toBeNull();
    answerMe(buyer);
    const book = await within(aside).findByRole('button', { name: 'Book a test drive now' });
    expect(book).toBeEnabled();
    expect(within(aside).getByRole('button', { name: 'Save this car' })).toBeInTheDocument();
  });

  it('shows a recent price drop by the price, with the price before it, and the price history', async () => {
    const dropped = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    mockFetch({
      '/api/me': json(buyer),
      [`/api/cars/id/${car.id}`]: json({
        ...car,
        askingPrice: 18_000_000,
        priceDroppedAt: dropped,
        priceHistory: [
          { askingPrice: 18_950_000, changedAt: car.addedDate },
          { askingPrice: 18_000_000, changedAt: dropped },
        ],
      }),
    });
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).getByText('Price dropped')).toBeInTheDocument();
    expect(within(aside).getByText('$189,500').tagName).toBe('S');
    const history = screen.getByRole('region', { name: 'Price history' });
    expect(within(history).getByText('Down $9,500 (5%) since listed')).toBeInTheDocument();
    expect(within(history).getAllByRole('row')).toHaveLength(3);
  });

  it("links the seller's name to their page and offers to share the car", async () => {
    mockFetch({ '/api/me': json(buyer), [`/api/cars/id/${car.id}`]: json(car) });
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).getByRole('link', { name: 'Sam Seller' }).getAttribute('href')).toBe(
      `/sellers/${car.sellerId}`,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    // A price that never changed is one line, not a history.
    expect(screen.getByText(/^Listed at/).textContent).toBe('Listed at $189,500 on March 4, 2025');
    expect(screen.queryByText('Price dropped')).not.toBeInTheDocument();
  });

  it('marks a sold car', async () => {
    mockFetch({
      '/api/me': json(seller),
      [`/api/cars/id/${car.id}`]: json({ ...car, soldAt: '2025-04-01T00:00:00.000Z' }),
    });
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).getAllByText('Sold').length).toBeGreaterThan(0);
    const hint = await within(aside).findByText('This car has been sold.');
    expect(hint.id).toBe('car-actions-hint');
  });

  it('shows the 404 page for a car that does not exist', async () => {
    mockFetch({ '/api/me': json(buyer) });
    renderCar('missing');
    expect(await screen.findByText("Looks like this page doesn't exist!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });
});
