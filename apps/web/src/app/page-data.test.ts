import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { aCar, aCarDetail, aMarketValue, anAdvertisedCar, someComparables } from '../testing/fixtures/car.ts';
import { aCategory } from '../testing/fixtures/category.ts';
import { aPublicConfig } from '../testing/fixtures/config.ts';
import { sellerRatings } from '../testing/fixtures/review.ts';
import { aSearchResult } from '../testing/fixtures/search.ts';
import { aSellerProfile } from '../testing/fixtures/seller.ts';
import { aMe, aUser, buyer, seller } from '../testing/fixtures/user.ts';
import { answer, requests } from '../testing/network.ts';
import { guardRedirect, isSharedPage, loadPageData, pageStatus } from './page-data.ts';

const admin = aUser({ id: 'u-admin', email: 'ada@example.com', role: 'Admin' });

describe('guardRedirect', () => {
  it('sends a signed-out visitor from every page under a guard of router.tsx to sign in, and back', () => {
    for (const page of [
      '/category/c1',
      '/cars/id/c1',
      '/buyer/bookings/b1',
      '/dash',
      '/dash/admin/allbuyers',
    ]) {
      expect(guardRedirect(`${page}?a=b`, null), page).toBe(
        `/user/login?returnTo=${encodeURIComponent(`${page}?a=b`)}`,
      );
    }
    for (const page of [
      '/',
      '/categories',
      '/blog',
      '/user/login',
      '/user/reset-password',
      '/no/such/page',
    ]) {
      expect(guardRedirect(page, null), page).toBeUndefined();
    }
  });

  it('lets a visitor browse the cars for sale when the server says browsing is public, and only then', () => {
    for (const page of ['/category/c1', '/cars', '/cars/id/c1', '/sellers/s1']) {
      expect(guardRedirect(page, null, { browsing: 'public' }), page).toBeUndefined();
      expect(guardRedirect(page, null, { browsing: 'signed-in' }), page).toBe(
        `/user/login?returnTo=${encodeURIComponent(page)}`,
      );
    }
    // The rest of the site keeps its guards.
    expect(guardRedirect('/dash', null, { browsing: 'public' })).toBe('/user/login?returnTo=%2Fdash');
  });

  it('sends a user of the wrong role where RequireRole would, from every page alike: to sign in with another account', () => {
    expect(guardRedirect('/dash/seller/requests', buyer)).toBe(
      '/user/login?returnTo=%2Fdash%2Fseller%2Frequests&wrongAccount=1',
    );
    expect(guardRedirect('/buyer/bookings/b1', seller)).toBe(
      '/user/login?returnTo=%2Fbuyer%2Fbookings%2Fb1&wrongAccount=1',
    );
    expect(guardRedirect('/dash/buyer/saved', admin)).toBe(
      '/user/login?returnTo=%2Fdash%2Fbuyer%2Fsaved&wrongAccount=1',
    );
    for (const user of [buyer, seller])
      expect(guardRedirect('/dash/admin/payments', user)).toBe(
        '/user/login?returnTo=%2Fdash%2Fadmin%2Fpayments&wrongAccount=1',
      );
  });

  it('lets every user open the pages of their role', () => {
    for (const [user, page] of [
      [buyer, '/dash/buyer/bookings'],
      [buyer, '/buyer/bookings/b1'],
      [seller, '/dash/seller/addedproducts'],
      [admin, '/dash/admin/reported'],
      [seller, '/dash'],
      [buyer, '/cars/id/c1'],
    ] as const) {
      expect(guardRedirect(page, user), page).toBeUndefined();
    }
  });
});

describe('guardRedirect on the sign-in and sign-up pages', () => {
  it('sends a signed-in user on to where they were going, or home', () => {
    expect(guardRedirect('/user/login?returnTo=%2Fdash%2Fbuyer%2Fsaved%3Fx%3D1', buyer)).toBe(
      '/dash/buyer/saved?x=1',
    );
    expect(guardRedirect('/user/signup', seller)).toBe('/');
    // Never to another site, nor back to an auth page.
    expect(guardRedirect('/user/login?returnTo=%2F%2Fevil.example%2F', buyer)).toBe('/');
    expect(guardRedirect('/user/login?returnTo=https%3A%2F%2Fevil.example%2F', buyer)).toBe('/');
    expect(guardRedirect('/user/login?returnTo=%2Fuser%2Fsignup', buyer)).toBe('/');
  });

  it('lets a signed-out visitor, or a user sent to sign in with another account, stay', () => {
    expect(guardRedirect('/user/login?returnTo=%2Fdash', null)).toBeUndefined();
    expect(guardRedirect('/user/signup', null)).toBeUndefined();
    expect(
      guardRedirect('/user/login?returnTo=%2Fdash%2Fseller%2Frequests&wrongAccount=1', buyer),
    ).toBeUndefined();
  });
});

describe('pageStatus', () => {
  it('is 404 for an address no page has, and for a page whose data the API says does not exist', () => {
    const client = createQueryClient();
    expect(pageStatus(client, '/no/such/page')).toBe(404);
    expect(pageStatus(client, '/cars/id/c1')).toBe(200);

    client
      .getQueryCache()
      .build(client, { queryKey: ['anything'] })
      .setState({
        status: 'error',
        error: new ApiError(404, 'not_found', 'No such car.'),
      });
    expect(pageStatus(client, '/cars/id/c1')).toBe(404);
  });

  it('is 410 Gone for the page of a car deleted (the API says so) or sold, and 200 while it is for sale', async () => {
    const deleted = createQueryClient();
    deleted
      .getQueryCache()
      .build(deleted, { queryKey: ['anything'] })
      .setState({ status: 'error', error: new ApiError(410, 'gone', 'The car was deleted.') });
    expect(pageStatus(deleted, '/cars/id/c1')).toBe(410);

    for (const [soldAt, status] of [
      ['2025-04-01T10:00:00.000Z', 410],
      [null, 200],
    ] as const) {
      answer({
        'GET /cars/id/:id': aCarDetail({ id: 'c1', soldAt }),
        'GET /me': null,
        'GET /config': aPublicConfig(),
      });
      const client = createQueryClient();
      await loadPageData(client, '/cars/id/c1', undefined);
      expect(pageStatus(client, '/cars/id/c1'), String(soldAt)).toBe(status);
      // Another page showing a sold car (a seller's list, the search) is no less there.
      expect(pageStatus(client, '/categories')).toBe(200);
    }
  });

  it("is 403 for a page whose data the API says is not the visitor's to see, 404 winning over it", () => {
    const client = createQueryClient();
    const refuse = (key: string, error: ApiError) =>
      client
        .getQueryCache()
        .build(client, { queryKey: [key] })
        .setState({ status: 'error', error });
    refuse('figures', new ApiError(403, 'forbidden', "Only the car's seller can see its figures."));
    expect(pageStatus(client, '/dash/seller/performance/c1')).toBe(403);
    refuse('car', new ApiError(404, 'not_found', 'No such car.'));
    expect(pageStatus(client, '/dash/seller/performance/c1')).toBe(404);
  });

  it('stays 200 for a page whose data failed otherwise (the browser asks again)', () => {
    const client = createQueryClient();
    client
      .getQueryCache()
      .build(client, { queryKey: ['anything'] })
      .setState({
        status: 'error',
        error: new ApiError(500, 'internal', 'The server had a problem.'),
      });
    expect(pageStatus(client, '/cars/id/c1')).toBe(200);
  });
});

describe('isSharedPage', () => {
  it("is a category's cars, a car, a comparison and a seller's page, the pages every signed-in visitor sees alike", () => {
    for (const page of ['/category/c1', '/cars/id/c1', '/compare', '/sellers/s1'])
      expect(isSharedPage(page), page).toBe(true);
    for (const page of ['/', '/categories', '/dash', '/dash/buyer/saved', '/buyer/bookings/b1', '/cars/id']) {
      expect(isSharedPage(page), page).toBe(false);
    }
  });
});

describe("a car page's data", () => {
  it('loads the comparables behind the market value of a car that has one, and of no other car', async () => {
    answer({
      'GET /cars/id/:id': ({ params }) =>
        aCarDetail({ id: params.id, marketValue: params.id === 'valued' ? aMarketValue() : null }),
      'GET /cars/id/:id/comparables': someComparables(),
      'GET /config': aPublicConfig(),
    });
    await loadPageData(createQueryClient(), '/cars/id/valued', undefined);
    // Sold, or posted since the last refit: no value, no comparables shown.
    await loadPageData(createQueryClient(), '/cars/id/unvalued', undefined);
    expect(requests().map(({ path }) => path)).toEqual(
      expect.arrayContaining(['/cars/id/valued/comparables', '/cars/id/unvalued']),
    );
    expect(requests().map(({ path }) => path)).not.toContain('/cars/id/unvalued/comparables');
  });
});

describe('the search part of a page address', () => {
  it("reaches the page's data: the search page and a category's page load the search they show", async () => {
    answer({
      'GET /cars/search': aSearchResult(),
      'GET /categories': [aCategory()],
      'GET /config': aPublicConfig(),
      'GET /notifications': { items: [], nextCursor: null, unread: 0 },
      'GET /sellers/ratings': sellerRatings(),
    });
    const client = createQueryClient();
    await loadPageData(client, '/cars?fuel=Electric&fuel=Hybrid&sort=price_asc&fuel=Steam', aMe());
    await loadPageData(client, '/category/sports?q=gt3&category=suv', undefined);
    // A page loaded for its visitor loads the navigation bar's unread count too; one without, not.
    const asked = requests().map(({ path, query }) => (query.size > 0 ? `${path}?${query}` : path));
    expect(asked.sort()).toEqual([
      '/cars/search?fuel=Electric&fuel=Hybrid&sort=price_asc&limit=12',
      '/cars/search?q=gt3&category=sports&limit=12',
      '/categories',
      '/config',
      '/notifications?limit=1',
      '/sellers/ratings?ids=seller-sam',
    ]);
    expect(pageStatus(client, '/category/sports')).toBe(200);
  });

  it('makes an unknown category a 404, and the search a page every signed-in visitor sees alike', async () => {
    answer({
      'GET /cars/search': aSearchResult(),
      'GET /categories': [aCategory()],
      'GET /config': aPublicConfig(),
      'GET /sellers/ratings': sellerRatings(),
    });
    const client = createQueryClient();
    await loadPageData(client, '/category/no-such-category', undefined);
    expect(pageStatus(client, '/category/no-such-category')).toBe(404);
    expect(isSharedPage('/cars')).toBe(true);
  });
});

describe('the pages of car cards', () => {
  it("load their sellers' ratings with the cards, each seller once, so the server's cards show them", async () => {
    const cars = ['s1', 's2', 's1'].map((sellerId, index) => aCar({ id: `c${index}`, sellerId }));
    answer({
      'GET /cars/search': aSearchResult({ items: cars }),
      'GET /advertise': { items: cars.map((car) => anAdvertisedCar(car)), nextCursor: null },
      'GET /categories': [aCategory()],
      'GET /config': aPublicConfig(),
      'GET /sellers/:id': aSellerProfile({ id: 's1' }),
      'GET /sellers/:id/reviews': { items: [], nextCursor: null },
      'GET /sellers/ratings': sellerRatings([{ sellerId: 's2', count: 3, overall: 4.5 }]),
    });
    for (const page of ['/', '/cars', '/category/sports', '/sellers/s1']) {
      const before = requests().length;
      const client = createQueryClient();
      await loadPageData(client, page, undefined);
      const read = requests()
        .slice(before)
        .filter(({ path }) => path === '/sellers/ratings')
        .map(({ query }) => query.get('ids'));
      expect(read, page).toEqual(['s1,s2']);
      expect(client.getQueryData(queryKeys.reviews.ratings('s1,s2')), page).toEqual([
        { sellerId: 's1', count: 0, overall: null },
        { sellerId: 's2', count: 3, overall: 4.5 },
      ]);
    }
  });
});

describe('the comparison', () => {
  it('loads the cars its address names, with its place, in one call; none for an address without or with too many', async () => {
    answer({ 'GET /cars/compare': { items: [] }, 'GET /config': aPublicConfig() });
    const client = createQueryClient();
    await loadPageData(client, '/compare?ids=c1,c2,c1&near=90210', undefined);
    await loadPageData(client, '/compare', undefined);
    await loadPageData(client, '/compare?ids=c1,c2,c3,c4,c5', undefined);
    const asked = requests().map(({ path, query }) => (query.size > 0 ? `${path}?${query}` : path));
    expect(asked.sort()).toEqual(['/cars/compare?ids=c1%2Cc2&near=90210', '/config']);
    // Cars no longer for sale are left out of the answer, not a missing page.
    expect(pageStatus(client, '/compare?ids=c1,c2&near=90210')).toBe(200);
  });
});
