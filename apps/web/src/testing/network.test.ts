import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client.ts';
import { aSavedCar } from './fixtures/saved-car.ts';
import { aSearchResult } from './fixtures/search.ts';
import { type Answers, answer, apiError, requests, resetNetwork } from './network.ts';

describe('the tests network', () => {
  it("answers a route with its declared success status, and a fixed path before a parameter's", async () => {
    answer({
      'POST /savedpost': ({ body }) => aSavedCar({ car: body.carId }),
      'GET /cars/search': aSearchResult({ items: [] }),
      'GET /cars/:id': apiError(404, 'not_found', 'Car not found.'),
    });
    const created = await fetch('/api/savedpost', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ carId: 'c1' }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ car: 'c1' });
    expect(await api.get('/cars/search', { query: { q: 'gt3' } })).toMatchObject({ items: [] });
    const error = await api.get('/cars/:id', { params: { id: 'c2' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Car not found.' });
    expect(requests().map(({ method, path, query, body }) => [method, path, String(query), body])).toEqual([
      ['POST', '/savedpost', '', { carId: 'c1' }],
      ['GET', '/cars/search', 'q=gt3', undefined],
      ['GET', '/cars/c2', '', undefined],
    ]);
  });

  it('fails a test whose answer has a status its route does not declare (the server never answers so)', async () => {
    answer({ 'GET /reportedpost/:carId': apiError(404, 'not_found', 'Not found.') });
    const response = await fetch('/api/reportedpost/c1');
    expect(response.status).toBe(404);
    expect(() => resetNetwork()).toThrow('GET /reportedpost/:carId answered 404');
  });

  it("holds each answer to its route's declaration: a wrong field fails the type-check", () => {
    // Never run: what the type-check refuses.
    const refused: Answers[] = [
      // @ts-expect-error a field the route's answer does not have
      { 'GET /savedpost/:carId': { saved: true, savedAt: '2025-01-05' } },
      // @ts-expect-error a field of the wrong type
      { 'GET /savedpost/:carId': { saved: 'yes' } },
      // @ts-expect-error a path the contract does not declare
      { 'GET /savedposts/:carId': { saved: true } },
      // @ts-expect-error the path without its method
      { '/savedpost/:carId': { saved: true } },
      // @ts-expect-error a path parameter the route does not have
      { 'GET /savedpost/:carId': ({ params }) => ({ saved: params.id === 'c1' }) },
      // @ts-expect-error a body field the route does not take
      { 'POST /savedpost': ({ body }) => aSavedCar({ car: body.car }) },
    ];
    expect(refused).toHaveLength(6);
  });
});
