import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { DealerPhone } from './dealer-phone.tsx';

// The formatter's chunk, held back until the test lets it come.
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrive, arrived };
});
vi.mock('./phone-link.tsx', async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

const PHONE = '+13105550142';

/** The header around the number, which renders again (as the dealer's header does once hydrated). */
function Header() {
  const [count, setCount] = useState(0);
  return (
    <dl>
      <button type="button" onClick={() => setCount(count + 1)}>
        Rendered {count + 1}
      </button>
      <dd>
        <DealerPhone phone={PHONE} />
      </dd>
    </dl>
  );
}

it("keeps the server's formatted number while its formatter loads, though the header renders again", async () => {
  // The server renders the number formatted (its build has the formatter at hand).
  const { default: PhoneLink } = await vi.importActual<typeof import('./phone-link.tsx')>('./phone-link.tsx');
  const html = renderToString(
    <dl>
      <button type="button">Rendered {1}</button>
      <dd>
        <Suspense>
          <PhoneLink phone={PHONE} />
        </Suspense>
      </dd>
    </dl>,
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const errors: unknown[] = [];
  render(<Header />, { container, hydrate: true, onRecoverableError: (error) => errors.push(error) });

  await userEvent.click(screen.getByRole('button', { name: 'Rendered 1' }));
  expect(await screen.findByRole('button', { name: 'Rendered 2' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '+1 310 555 0142' }).getAttribute('href')).toBe(`tel:${PHONE}`);
  expect(screen.queryByRole('link', { name: PHONE })).not.toBeInTheDocument();

  await act(async () => chunk.arrive());
  expect(await screen.findByRole('link', { name: '+1 310 555 0142' })).toBeInTheDocument();
  expect(errors).toEqual([]);
  container.remove();
});
