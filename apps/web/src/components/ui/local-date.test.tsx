import { formatDate } from '@redline/shared';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocalDate } from './local-date.tsx';

// Late in the evening of March 4 in UTC: already March 5 east of it.
const value = '2025-03-04T23:30:00.000Z';

describe('LocalDate', () => {
  it('renders on the server in UTC, which a server-rendered page hydrates with first', () => {
    expect(renderToString(<LocalDate value={value} style="long" />)).toBe(
      `<time dateTime="${value}">March 4, 2025</time>`,
    );
  });

  it("renders in the browser in the reader's time zone", () => {
    const { container } = render(<LocalDate value={value} style="long" />);
    expect(container.textContent).toBe(formatDate(value, 'long', 'local'));
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe(value);
  });
});
