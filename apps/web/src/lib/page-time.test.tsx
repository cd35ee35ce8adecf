import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageTime } from './page-time.ts';
import { createQueryClient } from './query-client.ts';
import { appKeys } from './query-keys.ts';

function PageTime() {
  return <p>{usePageTime()}</p>;
}

describe('usePageTime', () => {
  it('is the time the server rendered the page at when the page came with it', () => {
    const rendered = Date.parse('2026-01-01T00:00:00.000Z');
    const client = createQueryClient();
    client.setQueryData(appKeys.pageTime, rendered);
    const { container } = render(
      <QueryClientProvider client={client}>
        <PageTime />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe(String(rendered));
  });

  it('is the time of the first render otherwise, the same for every part of the page', () => {
    const before = Date.now();
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <PageTime />
        <PageTime />
      </QueryClientProvider>,
    );
    const [first, second] = [...container.querySelectorAll('p')].map((p) => Number(p.textContent));
    expect(first).toBeGreaterThanOrEqual(before);
    expect(first).toBeLessThanOrEqual(Date.now());
    expect(second).toBe(first);
  });
});
