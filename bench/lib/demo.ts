/**
 * The demo data's car the benchmarks measure a car page on: the 2022 BMW M3 Competition, one of the
 * seven M3s that value each other (packages/demo-art), so that its page shows the market value with
 * its comparables and chart (issue 48). The first start's refit rates it a few seconds after the seed.
 */
import type { Car, CarDetail, Page } from '@redline/shared';
import { getJson } from './sessions.ts';

const WAIT_MS = 60_000;

/** The demo M3's id once its market value is fitted; throws after a minute without one. */
export async function ratedDemoCarId(baseUrl: string, cookie: string): Promise<string> {
  const get = <T>(url: string) => getJson<T>(baseUrl, url, cookie);
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = await get<Page<Car>>('/api/cars/search?q=BMW%20M3');
    const car = found.items.find((item) => item.year === 2022 && item.model === 'M3');
    if (car && (await get<CarDetail>(`/api/cars/id/${car.id}`)).marketValue?.estimate) return car.id;
    if (Date.now() > deadline) throw new Error('the demo BMW M3 got no market value within a minute');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
