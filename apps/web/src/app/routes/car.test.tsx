import type { Me } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aCarDetail } from '../../testing/fixtures/car.ts';
import { anOffer } from '../../testing/fixtures/offer.ts';
import { aSavedCar } from '../../testing/fixtures/saved-car.ts';
import { aMe, seller } from '../../testing/fixtures/user.ts';
import { type Answers, answer, apiError, requests } from '../../testing/network.ts';
import { SignInPageProbe } from '../../testing/sign-in-probe.tsx';
import { renderRoutes } from '../../testing/test-utils.tsx';
import CarPage from './car.tsx';

const car = aCarDetail();
/** The car page's answers for `me`, with `shown` as the car (a buyer has neither saved nor reported it). */
const carAnswers = (me: Answers['GET /me'], shown: Answers['GET /cars/id/:id'] = car): Answers => ({
  'GET /me': me,
  'GET /cars/id/:id': shown,
  'GET /savedpost/:carId': { saved: false },
  'GET /reportedpost/:carId': { reported: false },
  'POST /listing-activity': { recorded: 1 },
});
const renderCar = (id = car.id) =>
  renderRoutes([{ path: '/cars/id/:id', Component: CarPage }], { initialEntries: [`/cars/id/${id}`] });

describe('CarPage', () => {
  it('shows every field of the car', async () => {
    answer(carAnswers(aMe()));
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
      '199 mph',
      '7,767 mi',
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

  it('names the car with its trim, lists its specifications and warns of a salvage title', async () => {
    const salvaged = aCarDetail({ model: '911', trim: 'GT3 RS', titleStatus: 'Salvage' });
    answer(carAnswers(aMe(), salvaged));
    renderCar();

    expect(await screen.findByRole('heading', { level: 1, name: 'Porsche 911 GT3 RS' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Photos of the 2021 Porsche 911 GT3 RS' })).toBeInTheDocument();
    const specifications = screen.getByRole('region', { name: 'Specifications' });
    expect(within(specifications).getByText('Rear-wheel drive (RWD)')).toBeInTheDocument();
    expect(within(specifications).getByRole('button', { name: 'Copy the VIN' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Salvage title. An insurer declared this car a total loss.',
    );
  });

  it('offers the test drive to buyers only: others see it disabled with a reason', async () => {
    answer(carAnswers(aMe(seller)));
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
    let answerMe = (_user: Me) => {};
    answer(carAnswers(() => new Promise<Me>((resolve) => (answerMe = resolve))));
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).queryAllByRole('button')).toEqual([]);
    expect(document.getElementById('car-actions-hint')).toBeNull();
    answerMe(aMe());
    const book = await within(aside).findByRole('button', { name: 'Book a test drive now' });
    expect(book).toBeEnabled();
    expect(within(aside).getByRole('button', { name: 'Save this car' })).toBeInTheDocument();
  });

  it('shows a recent price drop by the price, with the price before it, and the price history', async () => {
    const dropped = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    answer(
      carAnswers(aMe(), {
        ...car,
        askingPrice: 18_000_000,
        priceDroppedAt: dropped,
        priceHistory: [
          { askingPrice: 18_950_000, changedAt: car.addedDate },
          { askingPrice: 18_000_000, changedAt: dropped },
        ],
      }),
    );
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).getByText('Price dropped')).toBeInTheDocument();
    expect(within(aside).getByText('$189,500').tagName).toBe('S');
    const history = screen.getByRole('region', { name: 'Price history' });
    expect(within(history).getByText('Down $9,500 (5%) since listed')).toBeInTheDocument();
    expect(within(history).getAllByRole('row')).toHaveLength(3);
  });

  it('works out a monthly payment for the car, from the figures of its address', async () => {
    answer(carAnswers(aMe()));
    renderRoutes([{ path: '/cars/id/:id', Component: CarPage }], {
      initialEntries: [`/cars/id/${car.id}?down=20%2C000&apr=5.9&state=NY`],
    });

    const calculator = await screen.findByRole('region', { name: 'Monthly payment' });
    // $189,500 and New York's 4 %, less $20,000 down, at 5.9 % over 60 months.
    expect(await within(calculator).findByRole('status')).toHaveTextContent('$3,415.22');
  });

  it("links the seller's name to their page and offers to share the car and to compare it", async () => {
    answer(carAnswers(aMe()));
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).getByRole('link', { name: 'Sam Seller' }).getAttribute('href')).toBe(
      `/sellers/${car.sellerId}`,
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare 2021 Porsche 911 GT3 Touring' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // A price that never changed is one line, not a history.
    expect(screen.getByText(/^Listed at/).textContent).toBe('Listed at $189,500 on March 4, 2025');
    expect(screen.queryByText('Price dropped')).not.toBeInTheDocument();
  });

  it('tells link previews and search engines what the car is: Open Graph with its photo, and JSON-LD', async () => {
    answer(carAnswers(null));
    renderCar();
    await screen.findByRole('heading', { level: 1, name: 'Porsche 911 GT3 Touring' });

    const origin = window.location.origin;
    const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;
    expect({
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      type: meta('meta[property="og:type"]'),
      title: meta('meta[property="og:title"]'),
      url: meta('meta[property="og:url"]'),
      image: meta('meta[property="og:image"]'),
      card: meta('meta[name="twitter:card"]'),
    }).toEqual({
      canonical: `${origin}/cars/id/${car.id}`,
      type: 'product',
      title: '2021 Porsche 911 GT3 Touring',
      url: `${origin}/cars/id/${car.id}`,
      image: `${origin}${car.photo}`,
      card: 'summary_large_image',
    });
    const script = document.querySelector('script[type="application/ld+json"]');
    expect(JSON.parse(script?.textContent ?? '')).toMatchObject({
      '@type': 'Car',
      url: `${origin}/cars/id/${car.id}`,
      offers: { '@type': 'Offer', price: 189_500, priceCurrency: 'USD' },
    });
  });

  it('marks a sold car', async () => {
    answer(carAnswers(aMe(seller), { ...car, soldAt: '2025-04-01T00:00:00.000Z' }));
    renderCar();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    expect(within(aside).getAllByText('Sold').length).toBeGreaterThan(0);
    const hint = await within(aside).findByText('This car has been sold.');
    expect(hint.id).toBe('car-actions-hint');
    // Above the car, the cars of its make and model for sale.
    expect(screen.getByRole('status')).toHaveTextContent('This car is sold: it is no longer for sale.');
    expect(
      screen.getByRole('link', { name: 'See Porsche 911 GT3 Touring for sale' }).getAttribute('href'),
    ).toBe('/cars?q=911+GT3+Touring&brand=Porsche');
    // No longer for sale: nothing to compare.
    expect(screen.queryByRole('button', { name: /^Compare/ })).not.toBeInTheDocument();
  });

  it('says a deleted car is no longer on Redline, and offers the cars for sale', async () => {
    answer(carAnswers(aMe(), apiError(410, 'gone', 'The car was deleted: it is no longer on Redline.')));
    renderCar();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This car is no longer on Redline' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars for sale' }).getAttribute('href')).toBe('/cars');
  });

  it('shows the 404 page for a car that does not exist', async () => {
    answer(carAnswers(aMe(), apiError(404, 'not_found', 'Not found.')));
    renderCar('missing');
    expect(await screen.findByText("Looks like this page doesn't exist!")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });
});

describe('CarPage records its view for the seller (issue 49)', () => {
  const recorded = () =>
    requests()
      .filter((request) => request.path === '/listing-activity')
      .map((request) => request.body);

  it('tells the server once that the car was viewed, after it shows it, and not again as it renders again', async () => {
    answer(carAnswers(aMe()));
    const view = renderCar();
    await screen.findByRole('heading', { level: 1, name: 'Porsche 911 GT3 Touring' });
    await waitFor(() => expect(recorded()).toEqual([{ viewed: car.id }]));
    // The car asked again (a change elsewhere), the page renders again: no second view.
    answer({ 'GET /cars/id/:id': { ...car, askingPrice: 18_000_000 } });
    await view.queryClient.refetchQueries();
    expect(await screen.findAllByText('$180,000')).not.toEqual([]);
    expect(recorded()).toEqual([{ viewed: car.id }]);
  });

  it('records nothing for a car that does not exist', async () => {
    answer(carAnswers(aMe(), apiError(404, 'not_found', 'Not found.')));
    renderCar('missing');
    expect(await screen.findByText("Looks like this page doesn't exist!")).toBeInTheDocument();
    expect(recorded()).toEqual([]);
  });

  it('shows nothing when the record fails', async () => {
    answer({
      ...carAnswers(aMe()),
      'POST /listing-activity': apiError(429, 'rate_limited', 'Too many requests: wait a minute.'),
    });
    renderCar();
    await waitFor(() => expect(recorded()).toEqual([{ viewed: car.id }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Too many requests/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Porsche 911 GT3 Touring' })).toBeInTheDocument();
  });
});

describe('CarPage offers (issue 48)', () => {
  it("takes a buyer's offer in dollars, at most the asking price, and goes to the conversation it shows in", async () => {
    const sent: unknown[] = [];
    answer({
      ...carAnswers(aMe()),
      'POST /offers': ({ body }) => {
        sent.push(body);
        return anOffer({ carId: car.id, amount: body.amount, conversationId: 'c-9' });
      },
    });
    const view = renderRoutes(
      [
        { path: '/cars/id/:id', Component: CarPage },
        { path: '/dash/messages/:id', element: <p>Conversation</p> },
      ],
      { initialEntries: [`/cars/id/${car.id}`] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Make an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make an offer' });
    await userEvent.type(within(dialog).getByLabelText(/Your offer/), '190,000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByText('At most the asking price, $189,500')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.clear(within(dialog).getByLabelText(/Your offer/));
    await userEvent.type(within(dialog).getByLabelText(/Your offer/), '180,000');
    await userEvent.type(within(dialog).getByLabelText(/Message/), 'Cash this week.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(view.pathname()).toBe('/dash/messages/c-9'));
    expect(sent).toEqual([{ carId: car.id, amount: 18_000_000, message: 'Cash this week.' }]);
  });

  it('gives the buyer a reserved car is held for the way to their reservation, and still a test drive', async () => {
    answer({
      ...carAnswers(aMe(), aCarDetail({ reservedAt: '2025-03-05T10:00:00.000Z' })),
      'GET /cars/:id/waitlist': { waiting: false, reservedBy: 'o-1' },
    });
    renderCar();
    expect(
      await screen.findByRole('link', { name: 'Your reservation: the $500.00 deposit' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a test drive now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });

  it('says a reserved car is reserved, takes no offer on it, and offers its waitlist', async () => {
    answer({
      ...carAnswers(aMe(), aCarDetail({ reservedAt: '2025-03-05T10:00:00.000Z' })),
      'GET /cars/:id/waitlist': { waiting: false, reservedBy: null },
    });
    renderCar();
    expect(await screen.findByText('Reserved')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
    // Reserved for another buyer: no test drive either (the server would refuse it).
    expect(screen.queryByRole('button', { name: /Book a test drive/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Book a test drive/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Message the seller' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make an offer' })).not.toBeInTheDocument();
  });
});

describe('CarPage for a visitor (BROWSING=public)', () => {
  const visit = (search = '') =>
    renderRoutes(
      [
        { path: '/cars/id/:id', Component: CarPage },
        { path: '/user/login', element: <SignInPageProbe /> },
      ],
      { initialEntries: [`/cars/id/${car.id}${search}`] },
    );

  /** The car's answers to a signed-in buyer; returns the bodies of the saves it is sent. */
  const answerAsBuyerSaving = () => {
    const saved: unknown[] = [];
    answer({
      ...carAnswers(aMe()),
      'POST /savedpost': ({ body }) => {
        saved.push(body);
        return aSavedCar({ car: car.id });
      },
    });
    return saved;
  };

  /** The visitor clicks `button` and is sent to sign in (then signs in elsewhere). */
  const askAsVisitor = async (button: string) => {
    answer({ 'GET /me': null, 'GET /cars/id/:id': car, 'POST /listing-activity': { recorded: 1 } });
    const view = visit();
    const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
    await userEvent.click(await within(aside).findByRole('button', { name: button }));
    expect(view.pathname()).toBe('/user/login');
    view.unmount();
  };

  it('offers what a buyer may do, each sending the visitor to sign in and back to this car to do it', async () => {
    for (const [name, action] of [
      ['Book a test drive now', 'book'],
      ['Save this car', 'save'],
      ['Make an offer', 'offer'],
      ['Message the seller', 'message'],
      ['Report about this post', 'report'],
    ]) {
      answer({ 'GET /me': null, 'GET /cars/id/:id': car, 'POST /listing-activity': { recorded: 1 } });
      const view = visit();
      const aside = await screen.findByRole('complementary', { name: 'Price, seller and actions' });
      await userEvent.click(await within(aside).findByRole('button', { name }));
      expect(view.pathname(), name).toBe('/user/login');
      expect(screen.getByText(`Back to /cars/id/${car.id}?then=${action}`)).toBeInTheDocument();
      view.unmount();
    }
    // A visitor's page asks nothing of a buyer's (saved or reported state).
    expect(requests().map((request) => request.path)).not.toContain(`/savedpost/${car.id}`);
  });

  it('saves the car when the visitor comes back signed in as a buyer, once', async () => {
    await askAsVisitor('Save this car');
    const saved = answerAsBuyerSaving();
    const view = visit('?then=save');
    expect(await screen.findByText('Car saved.')).toBeInTheDocument();
    expect(saved).toEqual([{ carId: car.id }]);
    await waitFor(() => expect(view.search()).toBe(''));
  });

  it('opens the report, the message or the booking when the visitor comes back signed in as a buyer', async () => {
    for (const [action, button, dialog] of [
      ['report', 'Report about this post', 'Report about this post'],
      ['message', 'Message the seller', 'Message the seller'],
      ['offer', 'Make an offer', 'Make an offer'],
      ['book', 'Book a test drive now', 'Book a test drive'],
    ]) {
      await askAsVisitor(button!);
      answer(carAnswers(aMe()));
      const view = visit(`?then=${action}`);
      expect(await screen.findByRole('dialog', { name: dialog }), action).toBeInTheDocument();
      await waitFor(() => expect(view.search()).toBe(''));
      view.unmount();
    }
  });

  it('does nothing for a buyer who follows a link that asks for an action this tab did not ask', async () => {
    sessionStorage.clear();
    const saved = answerAsBuyerSaving();
    const view = visit('?then=save');
    await waitFor(() => expect(view.search()).toBe(''));
    expect(await screen.findByRole('button', { name: 'Save this car' })).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.queryByText('Car saved.')).not.toBeInTheDocument();
  });
});
