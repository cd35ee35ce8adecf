import type { Me } from '@redline/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { anAdvertisedCar } from '../../testing/fixtures/car.ts';
import { sellerRatings } from '../../testing/fixtures/review.ts';
import { aMe } from '../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../testing/layout-answers.ts';
import { answer } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

/** The home page, as `me` (null: signed out), once its hero is there. */
async function renderHome(me: Me | null) {
  answer({ ...layoutAnswers(me), 'GET /advertise': { items: [], nextCursor: null } });
  renderRoutes(routes, { initialEntries: ['/'] });
  await screen.findByRole('region', { name: 'Find your next exotic' });
}

describe('the home page hero', () => {
  it('invites a visitor to create an account', async () => {
    await renderHome(null);
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/user/signup',
    );
    expect(screen.queryByRole('link', { name: 'Your dashboard' })).not.toBeInTheDocument();
  });

  it('takes a signed-in visitor to their dashboard instead', async () => {
    await renderHome(aMe());
    expect((await screen.findByRole('link', { name: 'Your dashboard' })).getAttribute('href')).toBe('/dash');
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
  });
});

describe('the home page below its categories', () => {
  // Its lazy module, transformed before the page asks for it: on a busy machine the first transform
  // of the car cards' modules outlasts a query's wait.
  beforeAll(() => import('../home-lower-sections.tsx'));

  it("shows why Redline and What's New's cars, from their own chunk", async () => {
    answer({
      ...layoutAnswers(null),
      'GET /advertise': { items: [anAdvertisedCar({ brand: 'Lotus', model: 'Emira' })], nextCursor: null },
      'GET /sellers/ratings': sellerRatings(),
    });
    renderRoutes(routes, { initialEntries: ['/'] });
    const whatsNew = await screen.findByRole('region', { name: "What's New" });
    expect(await within(whatsNew).findByRole('img', { name: /Lotus Emira/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bought and sold with confidence' })).toBeInTheDocument();
  });
});
