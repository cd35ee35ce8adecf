import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { chooseUnits } from '../../../testing/units.ts';
import { CarsNearYou } from './cars-near-you.tsx';

const routes = [
  { path: '/', element: <CarsNearYou /> },
  { path: '/cars', element: <p>The search</p> },
];

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

/** The browser's geolocation, answering every request as `respond` does. */
function locateWith(respond: (found: PositionCallback, failed: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn((found: PositionCallback, failed?: PositionErrorCallback | null) =>
    respond(found, failed ?? (() => {})),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

describe('CarsNearYou', () => {
  it('searches the cars within the distance chosen of a ZIP code, nearest first', async () => {
    const { pathname, search } = renderRoutes(routes);
    const distance = screen.getByRole('combobox', { name: 'Distance' });
    expect(distance).toHaveValue('50mi');
    await userEvent.selectOptions(distance, 'Within 100 mi');
    await userEvent.type(screen.getByRole('textbox', { name: 'ZIP code' }), '90210-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Find cars' }));
    await screen.findByText('The search');
    expect(pathname()).toBe('/cars');
    expect(search()).toBe('?near=90210&radius=100mi&sort=distance');
  });

  it('offers the distances in km to a visitor who chose km', () => {
    chooseUnits('metric');
    renderRoutes(routes);
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('50km');
    expect(screen.getByRole('option', { name: 'Within 500 km' })).toBeInTheDocument();
  });

  it('says at the field what is not a ZIP code, and goes nowhere', async () => {
    const { pathname } = renderRoutes(routes);
    const field = screen.getByRole('textbox', { name: 'ZIP code' });
    await userEvent.type(field, '9021');
    await userEvent.click(screen.getByRole('button', { name: 'Find cars' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a 5-digit ZIP code');
    expect(field).toHaveAccessibleDescription('Enter a 5-digit ZIP code');
    expect(pathname()).toBe('/');
  });

  it("searches from the visitor's location once they share it", async () => {
    locateWith((found) =>
      found({ coords: { latitude: 34.090_12, longitude: -118.406_54 } } as GeolocationPosition),
    );
    const { search } = renderRoutes(routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await screen.findByText('The search');
    expect(search()).toBe('?near=34.0901%2C-118.4065&radius=50mi&sort=distance');
  });

  it('says so when the browser does not share the location', async () => {
    locateWith((_, failed) => failed({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError));
    renderRoutes(routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your browser did not share your location. Enter a ZIP code instead.',
    );
  });

  it('shows no location button where the browser cannot locate', () => {
    renderRoutes(routes);
    expect(screen.queryByRole('button', { name: 'Use my location' })).not.toBeInTheDocument();
  });
});
