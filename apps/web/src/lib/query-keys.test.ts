import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appKeys, type Change, changed, type Domain, queryKeys, REFRESHES } from './query-keys.ts';

const domains = Object.keys(queryKeys) as Domain[];
const changes = Object.keys(REFRESHES) as Change[];

/** Every key each domain builds (one of each builder), as the features' queries make them. */
function keysOf(domain: Domain): QueryKey[] {
  return Object.values(queryKeys[domain]).map((key) =>
    typeof key === 'function' ? (key as (argument: string) => QueryKey)('x') : key,
  );
}

/** A cache holding one query under every key of every domain and of the app, and under `more`. */
function cacheOfEverything(more: QueryKey[] = []) {
  const client = new QueryClient();
  for (const key of [...domains.flatMap(keysOf), ...Object.values(appKeys), ...more])
    client.setQueryData(key, 'cached');
  const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated;
  return { client, invalidated };
}

describe('the query key registry', () => {
  it('puts every key of a domain under its root, and no two domains under one root', () => {
    for (const domain of domains)
      for (const key of keysOf(domain))
        expect([domain, key.slice(0, 1)]).toEqual([domain, queryKeys[domain].all]);
    const roots = [
      ...domains.map((domain) => queryKeys[domain].all[0]),
      ...Object.values(appKeys).map((key) => key[0]),
    ];
    expect(new Set(roots).size).toBe(roots.length);
  });

  it.each(changes)('refreshes, on a change of %s, exactly the domains its rule names', async (change) => {
    const { client, invalidated } = cacheOfEverything();
    await changed(client, change);
    const refreshed: readonly Domain[] = REFRESHES[change];
    for (const domain of domains)
      for (const key of keysOf(domain))
        expect([key, invalidated(key)]).toEqual([key, refreshed.includes(domain)]);
    for (const key of Object.values(appKeys)) expect([key, invalidated(key)]).toEqual([key, false]);
  });

  it('refreshes, on each change, the domain that changed', () => {
    for (const change of changes) expect(REFRESHES[change]).toContain(change);
  });

  it('refreshes a new list under a domain with that domain, with no rule of its own', async () => {
    const comparison = [...queryKeys.cars.all, 'compare', 'c1,c2'];
    const { client, invalidated } = cacheOfEverything([comparison]);
    await changed(client, 'cars');
    expect(invalidated(comparison)).toBe(true);
  });

  it('refreshes, on a car change, its page, the searches, the seller page, saved cars and bookings', async () => {
    const shown = [
      queryKeys.cars.detail('c1'),
      queryKeys.search.results({ q: 'ferrari' }),
      queryKeys.sellers.profile('s1'),
      queryKeys.savedCars.list('bea@example.com'),
      queryKeys.bookings.ahead('c1'),
    ];
    const { client, invalidated } = cacheOfEverything(shown);
    await changed(client, 'cars');
    for (const key of shown) expect([key, invalidated(key)]).toEqual([key, true]);
    expect(invalidated(queryKeys.categories.list())).toBe(false);
  });

  it("refreshes, on an admin's change of a user, the user lists and all a car change does; no category, notification or contact message", async () => {
    const lists = [queryKeys.users.list('Seller'), queryKeys.search.results({ verified: true })];
    const afterCar = cacheOfEverything(lists);
    await changed(afterCar.client, 'cars');
    const { client, invalidated } = cacheOfEverything(lists);
    await changed(client, 'users');
    for (const key of lists) expect([key, invalidated(key)]).toEqual([key, true]);
    for (const key of domains.flatMap(keysOf))
      if (afterCar.invalidated(key)) expect([key, invalidated(key)]).toEqual([key, true]);
    for (const key of (['categories', 'notifications', 'contactMessages'] as const).flatMap(keysOf))
      expect([key, invalidated(key)]).toEqual([key, false]);
  });

  it("refreshes, on a payment, the booking's page; on a notification, no setting", async () => {
    const { client, invalidated } = cacheOfEverything([queryKeys.bookings.detail('b1')]);
    await changed(client, 'payments');
    expect(invalidated(queryKeys.bookings.detail('b1'))).toBe(true);
    await changed(client, 'notifications');
    expect(invalidated(queryKeys.notificationSettings.preferences())).toBe(false);
  });
});
