import type { savedCarSchema, savedStateSchema } from '@redline/shared';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { z } from 'zod';
import { ApiError, api, fillPath, streamUrl } from './api-client.ts';
import { shouldRetry } from './query-client.ts';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls /api paths with JSON and same-origin credentials', async () => {
    const saved = { car: 'c1', buyer: 'u1' };
    const fetchMock = stubFetch(new Response(JSON.stringify(saved), { status: 201 }));
    const result = await api.post('/savedpost', { body: { carId: 'c1' } });
    expect(result).toEqual(saved);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/savedpost');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"carId":"c1"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("throws an ApiError with the server's code, message and field errors", async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          error: {
            code: 'validation_failed',
            message: 'Check the form.',
            fields: { email: 'Enter a valid email address' },
          },
        }),
        { status: 400 },
      ),
    );
    const error = await api.post('/savedpost', { body: { carId: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the form.',
      fields: { email: 'Enter a valid email address' },
    });
  });

  it('gives a readable message when the body is not the error shape', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await api.get('/categories').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 502,
      code: 'http_502',
      message: 'The server had a problem. Please try again.',
    });
  });

  it('reports an unreachable server as status 0', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const error = await api.get('/categories').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
  });

  it('adds query parameters, skipping empty ones', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await api.get('/cars/search', { query: { limit: 12, cursor: undefined, q: 'gt3' } });
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe('/api/cars/search?limit=12&q=gt3');
  });

  it('repeats a parameter given as a list, in its order', async () => {
    const fetchMock = stubFetch(new Response('[]', { status: 200 }));
    await api.get('/cars/search', { query: { fuel: ['Electric', 'Hybrid'], brand: [], q: 'gt 3' } });
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe('/api/cars/search?fuel=Electric&fuel=Hybrid&q=gt+3');
  });
});

describe('query retry policy', () => {
  it('never retries a 4xx', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'Not found.'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'too_many_requests', 'Slow down.'))).toBe(false);
  });

  it('retries other failures up to 3 times', () => {
    const error = new ApiError(503, 'service_unavailable', 'Down.');
    expect(shouldRetry(0, error)).toBe(true);
    expect(shouldRetry(2, error)).toBe(true);
    expect(shouldRetry(3, error)).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'network_error', 'Offline.'))).toBe(true);
  });

  it("fills a declared route's path parameters, encoded, and sends its query and body", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ saved: true }), { status: 200 }));
    expect(await api.get('/savedpost/:carId', { params: { carId: 'a/b c' } })).toEqual({ saved: true });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/savedpost/a%2Fb%20c');
    const pageFetch = stubFetch(
      new Response(JSON.stringify({ items: [], nextCursor: null }), { status: 200 }),
    );
    await api.get('/savedpost/user/:email', { params: { email: 'bea@example.com' }, query: { cursor: 'x' } });
    expect((pageFetch.mock.calls[0] as unknown as [string])[0]).toBe(
      '/api/savedpost/user/bea%40example.com?cursor=x',
    );
    expect(() => fillPath('/savedpost/:carId', {})).toThrow('needs its parameter "carId"');
  });

  it('types each call by the route the contract declares: a changed field fails the type-check', () => {
    // What a call answers is the output of the schema the server answers with, so a field renamed
    // or removed there fails every use of it here.
    expectTypeOf(api.get<'/savedpost/:carId'>).returns.resolves.toEqualTypeOf<
      z.output<typeof savedStateSchema>
    >();
    expectTypeOf(api.post<'/savedpost'>).returns.resolves.toEqualTypeOf<z.output<typeof savedCarSchema>>();
    // Never run: what the type-check refuses.
    const refused = async () => {
      // @ts-expect-error a field the route's answer does not have
      (await api.get('/savedpost/:carId', { params: { carId: 'c1' } })).savedAt;
      // @ts-expect-error a path the contract does not declare
      await api.get('/savedposts/:carId', { params: { carId: 'c1' } });
      // @ts-expect-error a path parameter left out
      await api.get('/savedpost/:carId');
      // @ts-expect-error a body of the wrong shape
      await api.post('/savedpost', { body: { car: 'c1' } });
      // @ts-expect-error a link that only redirects the browser (302) is no call
      await api.get('/auth/reset-password/:token', { params: { token: 't' }, query: { callbackURL: '/' } });
      // @ts-expect-error a stream of events is read with an EventSource, not called
      await api.get('/notifications/stream');
      // @ts-expect-error a route that answers JSON is no stream
      streamUrl('/notifications');
    };
    expect(refused).toBeTypeOf('function');
  });
});
