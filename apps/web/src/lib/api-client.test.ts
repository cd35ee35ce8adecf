import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';
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
    const fetchMock = stubFetch(new Response(JSON.stringify({ id: 'c1' }), { status: 201 }));
    const result = await api.post<{ id: string }>('/contact', { name: 'A' });
    expect(result).toEqual({ id: 'c1' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"A"}');
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
    const error = await api.post('/contact', {}).catch((e: unknown) => e);
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
    await api.get('/cars', { query: { limit: 12, cursor: undefined, q: 'gt3' } });
    expect(fetchMock.mock.calls[0]?.[0 as never]).toBe('/api/cars?limit=12&q=gt3');
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
});
