/** The demo data's cars the specs read (packages/demo-art): found through the API, never changed. */
import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures.ts';

/**
 * The demo data's 2022 BMW M3 Competition, one of the seven M3s that give each other a market value:
 * its id and name once the market's refit, which the first start's seeding enqueues, has rated it.
 */
export async function ratedDemoCar(request: APIRequestContext): Promise<{ id: string; name: string }> {
  let id = '';
  await expect
    .poll(
      async () => {
        const found = await (await request.get('/api/cars/search?q=BMW%20M3')).json();
        id = found.items.find(
          (car: { year: number; model: string }) => car.year === 2022 && car.model === 'M3',
        )?.id;
        if (!id) return null;
        const car = await (await request.get(`/api/cars/id/${id}`)).json();
        return car.marketValue?.estimate ?? null;
      },
      { message: 'the demo BMW M3 gets its market value', timeout: 60_000 },
    )
    .not.toBeNull();
  return { id, name: '2022 BMW M3 Competition' };
}
