import { SAVED_SEARCH_NAME_MAX } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { appKeys } from '../../../lib/query-keys.ts';
import { aSavedSearch } from '../../../testing/fixtures/saved-search.ts';
import { aMe, seller } from '../../../testing/fixtures/user.ts';
import { type Answers, answer, apiError, requests } from '../../../testing/network.ts';
import { SignInPageProbe } from '../../../testing/sign-in-probe.tsx';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { NO_FILTERS_HINT, SaveSearchButton } from './save-search-button.tsx';

const filters = { brand: ['porsche'], fuel: ['Electric' as const], priceMax: 10_000_000 };
const names = [
  { id: 'brand:porsche', label: 'Porsche' },
  { id: 'fuel:Electric', label: 'Electric' },
  { id: 'price', label: 'Up to $100,000' },
];

/** The button at /cars, for `user`, the API answering `answers`; `posted` holds what was saved. */
function renderButton(
  props: ComponentProps<typeof SaveSearchButton> = { filters, names },
  { user = aMe(), answers = {} as Answers } = {},
) {
  const posted: unknown[] = [];
  answer({
    'GET /me': user,
    'POST /saved-searches': ({ body }) => {
      posted.push(body);
      return aSavedSearch();
    },
    ...answers,
  });
  const view = renderRoutes(
    [
      { path: '/cars', element: <SaveSearchButton {...props} /> },
      { path: '/dash/buyer/searches', element: <h1>Saved searches page</h1> },
    ],
    { initialEntries: ['/cars'] },
  );
  return { ...view, posted };
}

describe('SaveSearchButton', () => {
  it('names the search after its filters, saves it with the chosen alerts, and links to the saved searches', async () => {
    const { posted, pathname } = renderButton();
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Porsche · Electric · Up to $100,000');
    expect(document.activeElement).toBe(name);
    expect(within(dialog).getByRole('radio', { name: 'As soon as a car is posted' })).toBeChecked();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Once a day, in a digest' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save search' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toEqual([{ name: 'Porsche · Electric · Up to $100,000', filters, frequency: 'daily' }]);
    expect(
      await screen.findByText(/Search saved: “Porsche · Electric · Up to \$100,000”/),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'See your saved searches' });
    expect(link.getAttribute('href')).toBe('/dash/buyer/searches');
    await userEvent.click(link);
    await waitFor(() => expect(pathname()).toBe('/dash/buyer/searches'));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'See your saved searches' })).not.toBeInTheDocument(),
    );
  });

  it('cuts a long summary to the longest name a search may have', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `brand:${i}`, label: `Manufacturer ${i}` }));
    renderButton({ filters, names: many });
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    expect(name.value).toHaveLength(SAVED_SEARCH_NAME_MAX);
    expect(name.value).toMatch(/^Manufacturer 0 · Manufacturer 1 · .*…$/);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    renderButton(undefined, {
      answers: {
        'POST /saved-searches': apiError(
          409,
          'conflict',
          'You already saved this search as “Electric Porsches”.',
        ),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save search' }));

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You already saved this search as “Electric Porsches”.',
    );
    expect(screen.getByRole('dialog', { name: 'Save this search' })).toBeInTheDocument();
  });

  it('puts a refused name under the name field', async () => {
    renderButton(undefined, {
      answers: {
        'POST /saved-searches': apiError(400, 'validation', 'Check the name', { name: 'Name the search' }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText('Name the search')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cannot save a search that narrows nothing, and says why', async () => {
    answer({ 'GET /me': aMe() });
    renderRoutes([{ path: '/cars', element: <SaveSearchButton filters={{ brand: [] }} names={[]} /> }], {
      initialEntries: ['/cars'],
    });
    const button = await screen.findByRole('button', { name: 'Save this search' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(NO_FILTERS_HINT);

    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests().map((request) => request.path)).toEqual(['/me']);
  });

  it('is not there for sellers and admins', async () => {
    for (const user of [aMe(seller), aMe({ id: 'u-admin', role: 'Admin' })]) {
      const { unmount, queryClient } = renderButton(undefined, { user });
      // The browser knows who is visiting, and still shows nothing.
      await waitFor(() => expect(queryClient.getQueryData(appKeys.me)).toEqual(user));
      expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
      unmount();
    }
  });
  it('quotes a searched text once: named after the text itself, the toast puts it in one pair of quotes', async () => {
    renderButton(
      { filters: { q: 'porshe' }, names: [{ id: 'q', label: '“porshe”' }] },
      {
        answers: { 'POST /saved-searches': aSavedSearch({ name: 'porshe' }) },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('porshe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect((await screen.findByText(/^Search saved:/)).textContent).toMatch(/^Search saved: “porshe”\./);
  });

  it('asks a visitor to sign in, and saves the search under its suggested name when they come back as a buyer', async () => {
    answer({ 'GET /me': null });
    const visit = renderRoutes(
      [
        { path: '/cars', element: <SaveSearchButton filters={filters} names={names} /> },
        { path: '/user/login', element: <SignInPageProbe /> },
      ],
      { initialEntries: ['/cars?brand=porsche'] },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));
    expect(visit.pathname()).toBe('/user/login');
    expect(screen.getByText('Back to /cars?brand=porsche&then=save-search')).toBeInTheDocument();
    visit.unmount();

    const posted: unknown[] = [];
    answer({
      'GET /me': aMe(),
      'POST /saved-searches': ({ body }) => {
        posted.push(body);
        return aSavedSearch({ name: 'Porsche · Electric · Up to $100,000' });
      },
    });
    const back = renderRoutes(
      [{ path: '/cars', element: <SaveSearchButton filters={filters} names={names} /> }],
      {
        initialEntries: ['/cars?brand=porsche&then=save-search'],
      },
    );
    expect(
      await screen.findByText(/^Search saved: “Porsche · Electric · Up to \$100,000”/),
    ).toBeInTheDocument();
    expect(posted).toEqual([{ name: 'Porsche · Electric · Up to $100,000', filters }]);
    expect(back.search()).toBe('?brand=porsche');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
