import { type DehydratedState, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { pageState, pageStateElement, readPageState } from './page-state.ts';
import { createQueryClient } from './query-client.ts';

const hostile = '</template><script>alert(1)</script><img src=x onerror=alert(2)> &lt; &amp;';
const state = {
  mutations: [],
  queries: [{ queryKey: ['cars', 'detail', 'c1'], queryHash: 'h', state: { data: { about: hostile } } }],
} as unknown as DehydratedState;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('page state', () => {
  it('reaches the browser exactly as the server had it, whatever the users wrote, and stays inert', () => {
    document.body.innerHTML = `<div id="root"></div>${pageStateElement(state)}`;

    expect(readPageState()).toEqual(state);
    expect(document.scripts).toHaveLength(0);
    expect(document.querySelectorAll('img, [onerror]')).toHaveLength(0);
    expect(document.body.children).toHaveLength(2);
  });

  it('hands over a query the API answered 404 as the same ApiError, and only that failure', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({
      queryKey: ['cars', 'detail', 'gone'],
      queryFn: () => Promise.reject(new ApiError(404, 'not_found', 'No such car.')),
    });
    await client.prefetchQuery({
      queryKey: ['cars', 'detail', 'broken'],
      queryFn: () => Promise.reject(new ApiError(400, 'bad_request', 'Bad.')),
    });
    document.body.innerHTML = `<div id="root"></div>${pageStateElement(pageState(client))}`;

    const queries = readPageState()?.queries ?? [];
    expect(queries.map((query) => query.queryKey)).toEqual([['cars', 'detail', 'gone']]);
    const error = queries[0]?.state.error;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'No such car.' });

    // Hydrated, it shows the failure at once, as the server rendered it, without asking again.
    const browser = createQueryClient(readPageState());
    const queryFn = vi.fn();
    const observer = new QueryObserver(browser, { queryKey: ['cars', 'detail', 'gone'], queryFn });
    expect(observer.getOptimisticResult(browser.defaultQueryOptions(observer.options))).toMatchObject({
      status: 'error',
      error: { status: 404 },
    });
    const unsubscribe = observer.subscribe(() => {});
    unsubscribe();
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('is undefined on a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readPageState()).toBeUndefined();
  });
});
