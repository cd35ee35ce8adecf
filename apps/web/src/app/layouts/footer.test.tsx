import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { appKeys } from '../../lib/query-keys.ts';
import { aMe, seller } from '../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../testing/layout-answers.ts';
import { answer } from '../../testing/network.ts';
import { renderRoutes } from '../../testing/test-utils.tsx';
import { chooseUnits, forgetUnitChoice } from '../../testing/units.ts';
import { routes } from '../router.tsx';

const footer = () => screen.getByRole('contentinfo');

describe('Footer', () => {
  it('offers a signed-in user the dashboard and Sign Out, not Sign in, and signs them out', async () => {
    let signedIn = true;
    answer({
      ...layoutAnswers(() => (signedIn ? aMe() : null)),
      'POST /auth/sign-out': { success: true },
      'GET /advertise': { items: [], nextCursor: null },
    });
    const { pathname } = renderRoutes(routes, { initialEntries: ['/blog'] });

    const apps = await within(footer()).findByRole('navigation', { name: 'Apps' });
    await within(apps).findByRole('button', { name: 'Sign Out' });
    expect(within(apps).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dash');
    expect(within(footer()).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    // A buyer's account cannot sell.
    expect(within(footer()).queryByRole('link', { name: 'Sell your car' })).not.toBeInTheDocument();

    signedIn = false;
    await userEvent.click(within(apps).getByRole('button', { name: 'Sign Out' }));
    expect(await within(apps).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it("leads a seller's Sell your car to the form", async () => {
    answer({
      ...layoutAnswers(aMe(seller)),
    });
    renderRoutes(routes, { initialEntries: ['/blog'] });

    await within(footer()).findByRole('button', { name: 'Sign Out' });
    const sell = within(footer()).getByRole('link', { name: 'Sell your car' });
    expect(sell.getAttribute('href')).toBe('/dash/seller/addproduct');
  });

  it('brings a visitor who signs in from the footer back to the page they were on', async () => {
    let signedIn = false;
    answer({
      ...layoutAnswers(() => (signedIn ? aMe() : null)),
      'GET /config': {
        googleSignIn: false,
        browsing: 'public',
        units: 'imperial',
        payments: { provider: 'test' },
      },
    });
    const { pathname, queryClient } = renderRoutes(routes, { initialEntries: ['/contact'] });

    await userEvent.click(await within(footer()).findByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    signedIn = true;
    await queryClient.invalidateQueries({ queryKey: appKeys.me });

    await waitFor(() => expect(pathname()).toBe('/contact'));
  });

  it("switches the visitor's units to km and back, remembered in the redline-units cookie", async () => {
    onTestFinished(forgetUnitChoice);
    answer(layoutAnswers(null));
    const { queryClient } = renderRoutes(routes, { initialEntries: ['/blog'] });

    const units = within(footer()).getByRole('group', { name: 'Units' });
    const miles = within(units).getByRole('radio', { name: 'Miles' });
    const km = within(units).getByRole('radio', { name: 'Kilometres' });
    expect(miles).toBeChecked();

    await userEvent.click(km);
    expect(km).toBeChecked();
    expect(document.cookie).toContain('redline-units=metric');
    expect(queryClient.getQueryData(appKeys.units)).toBe('metric');

    await userEvent.click(miles);
    expect(miles).toBeChecked();
    expect(document.cookie).toContain('redline-units=imperial');
  });

  it('shows the choice a visitor made before', () => {
    chooseUnits('metric');
    answer(layoutAnswers(null));
    renderRoutes(routes, { initialEntries: ['/blog'] });

    expect(within(footer()).getByRole('radio', { name: 'Kilometres' })).toBeChecked();
  });
});
