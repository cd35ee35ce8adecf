import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format.ts';
import { LocalDate } from './local-date.tsx';

// Late in the evening of March 4 in UTC: already March 5 east of it.
const value = '2025-03-04T23:30:00.000Z';

describe('LocalDate', () => {
  it('renders on the server in en-US and UTC, which a server-rendered page hydrates with first', () => {
    expect(renderToString(<LocalDate value={value} options={{ dateStyle: 'long' }} />)).toBe(
      `<time dateTime="${value}">March 4, 2025</time>`,
    );
  });

  it("renders in the browser in the reader's language and time zone", () => {
    const { container } = render(<LocalDate value={value} options={{ dateStyle: 'long' }} />);
    expect(container.textContent).toBe(formatDate(value, { dateStyle: 'long' }));
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe(value);
  });
});
