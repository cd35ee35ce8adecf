import { type Car, ERROR_CODES } from '@redline/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { aCar } from '../../../testing/fixtures/car.ts';
import { aSearchResult } from '../../../testing/fixtures/search.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { chooseUnits } from '../../../testing/units.ts';
import { EMPTY_SEARCH } from '../utils/search-params.ts';
import { CarSearch } from './car-search.tsx';
import { SearchFilters } from './search-filters.tsx';

const carList = (cars: Car[]) => (
  <ul aria-label="Cars found">
    {cars.map((car) => (
      <li key={car.id}>{car.model}</li>
    ))}
  </ul>
);

/** The search at `url`, its API answering `result`; `lastAsked()` is the query it was last asked. */
function renderSearch(url: string, result = aSearchResult(), fixedCategory?: string) {
  answer({ 'GET /cars/search': result });
  const view = renderRoutes(
    [
      {
        path: '*',
        element: (
          <CarSearch
            fixedCategory={fixedCategory}
            renderCars={carList}
            loading={<p>Loading cars</p>}
            noCars={<p>No cars at all</p>}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const lastAsked = () => requests().at(-1)?.query ?? new URLSearchParams();
  return { ...view, lastAsked };
}

const sidebar = () => screen.getByRole('complementary', { name: 'Filters' });

describe('CarSearch', () => {
  it('shows the total, the cars, and the number of cars beside each filter value', async () => {
    renderSearch('/cars?q=porsche', aSearchResult({ items: [aCar()], total: 1 }));
    expect(await screen.findByText('1 car')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Cars found' })).getByText('911 GT3 Touring'),
    ).toBeInTheDocument();
    const fuel = within(sidebar()).getByRole('group', { name: 'Fuel' });
    expect(within(fuel).getByRole('checkbox', { name: 'Electric 1 car' })).toBeInTheDocument();
    expect(within(fuel).getByRole('checkbox', { name: 'Petrol 2 cars' })).toBeInTheDocument();
    // A value no car has with the other filters cannot be added.
    expect(within(fuel).getByRole('checkbox', { name: 'Diesel 0 cars' })).toBeDisabled();
  });

  it('searches anew from the address when a value is ticked, a range typed or the sort changed', async () => {
    const { search, lastAsked } = renderSearch('/cars?q=porsche');
    await screen.findByText('1 car');

    await userEvent.click(within(sidebar()).getByRole('checkbox', { name: 'Electric 1 car' }));
    await waitFor(() => expect(search()).toBe('?q=porsche&fuel=Electric'));

    // Typed in dollars, searched in cents.
    const max = within(sidebar()).getByRole('textbox', { name: 'Price (USD): Max' });
    await userEvent.type(max, '50,000{Enter}');
    await waitFor(() => expect(search()).toBe('?q=porsche&fuel=Electric&priceMax=5000000'));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high');
    await waitFor(() => expect(search()).toBe('?q=porsche&fuel=Electric&priceMax=5000000&sort=price_asc'));
    await waitFor(() => expect(lastAsked().toString()).toBe(`${search().slice(1)}&limit=12`));
  });

  it('filters by the specifications with their counts, only the values some car has, and shows the classics', async () => {
    const { search, lastAsked } = renderSearch('/cars?body=Coupe');
    await screen.findByText('1 car');
    const body = within(sidebar()).getByRole('group', { name: 'Body style' });
    // The fixture's facets: three coupés, no car of the other body styles.
    expect(within(body).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(body).getByRole('checkbox', { name: 'Coupe 3 cars' })).toBeChecked();
    const transmission = within(sidebar()).getByRole('group', { name: 'Transmission' });
    await userEvent.click(within(transmission).getByRole('checkbox', { name: 'Manual 1 car' }));
    await waitFor(() => expect(search()).toBe('?body=Coupe&transmission=Manual'));

    await userEvent.type(
      within(sidebar()).getByRole('textbox', { name: 'Previous owners: At most' }),
      '1{Enter}',
    );
    await waitFor(() => expect(search()).toBe('?body=Coupe&transmission=Manual&ownersMax=1'));
    expect(
      screen.getByRole('button', { name: 'Remove filter: At most 1 previous owner' }),
    ).toBeInTheDocument();

    // The Classics switch beside the sort, the same filter as the panel's.
    await userEvent.click(screen.getByRole('button', { name: 'Classics' }));
    await waitFor(() => expect(search()).toBe('?body=Coupe&transmission=Manual&ownersMax=1&classic=true'));
    expect(screen.getByRole('button', { name: 'Classics' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sidebar()).getByRole('checkbox', { name: 'Classics only (25+ years old)' })).toBeChecked();
    await waitFor(() => expect(lastAsked().get('classic')).toBe('true'));
    expect(lastAsked().getAll('body')).toEqual(['Coupe']);
  });

  it('filters by deal ratings with their counts, "not enough data" among them, and sorts by best deal', async () => {
    const { search, lastAsked } = renderSearch('/cars?rating=great');
    await screen.findByText('1 car');
    const rating = within(sidebar()).getByRole('group', { name: 'Deal rating' });
    // The fixture's facets: one great deal and two fair prices; no other rating has a car.
    expect(
      within(rating)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Great deal 1 car', 'Fair price 2 cars']);
    expect(within(rating).getByRole('checkbox', { name: 'Great deal 1 car' })).toBeChecked();
    await userEvent.click(within(rating).getByRole('checkbox', { name: 'Fair price 2 cars' }));
    await waitFor(() => expect(search()).toBe('?rating=great&rating=fair'));
    expect(screen.getByRole('button', { name: 'Remove filter: Fair price' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Best deal');
    await waitFor(() => expect(search()).toBe('?rating=great&rating=fair&sort=best_deal'));
    await waitFor(() => expect(lastAsked().get('sort')).toBe('best_deal'));
    expect(lastAsked().getAll('rating')).toEqual(['great', 'fair']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove filter: Great deal' }));
    await waitFor(() => expect(search()).toBe('?rating=fair&sort=best_deal'));
  });

  it('says at the field what is wrong with a range value, and searches without it', async () => {
    const { search } = renderSearch('/cars?yearMax=2018');
    await screen.findByText('1 car');
    const field = (name: string) => within(sidebar()).getByRole('textbox', { name });
    const typeAndApply = async (name: string, text: string) => {
      await userEvent.clear(field(name));
      await userEvent.type(field(name), `${text}{Enter}`);
    };
    const cases = [
      ['Year: From', '-5', 'Must be at least 1900'],
      ['Year: From', '3000', 'Must be at most 2100'],
      ['Year: From', '2020', 'Must be at most 2018'],
      ['Year: From', '20.5', 'Enter a whole number'],
      ['Price (USD): Min', '1e9', 'Enter dollars in digits, like 50,000'],
      ['Price (USD): Max', '-1', 'Must be at least $0'],
      ['Mileage: Up to', '5e3', 'Enter miles in digits, like 30,000'],
    ] as const;
    for (const [name, text, message] of cases) {
      await typeAndApply(name, text);
      expect(await within(sidebar()).findByText(message)).toBeInTheDocument();
      // The text stays as typed, marked and described, and the search is not changed.
      expect((field(name) as HTMLInputElement).value).toBe(text);
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
      expect(field(name)).toHaveAccessibleDescription(message);
      expect(search()).toBe('?yearMax=2018');
    }
    await typeAndApply('Year: From', '2015');
    await waitFor(() => expect(search()).toBe('?yearMin=2015&yearMax=2018'));
    expect(field('Year: From')).not.toHaveAttribute('aria-invalid');
  });

  it("takes the mileage limit in the visitor's units and searches it in km, every car shown at or under it", async () => {
    const { search, lastAsked } = renderSearch('/cars');
    await screen.findByText('1 car');
    const upTo = within(sidebar()).getByRole('textbox', { name: 'Mileage: Up to' }) as HTMLInputElement;
    // 30,000 mi is 48,280.32 km; 48,281 km shows as 30,000 mi.
    await userEvent.type(upTo, '30000{Enter}');
    await waitFor(() => expect(search()).toBe('?kmMax=48281'));
    await waitFor(() => expect(lastAsked().get('kmMax')).toBe('48281'));
    expect(upTo.value).toBe('30,000');
    expect(screen.getByRole('button', { name: 'Remove filter: Up to 30,000 mi' })).toBeInTheDocument();
  });

  it('takes it in km from a visitor who chose km', async () => {
    chooseUnits('metric');
    const { search } = renderSearch('/cars');
    await screen.findByText('1 car');
    const upTo = within(sidebar()).getByRole('textbox', { name: 'Mileage: Up to' });
    await userEvent.type(upTo, '50,000{Enter}');
    await waitFor(() => expect(search()).toBe('?kmMax=50000'));
    expect(screen.getByRole('button', { name: 'Remove filter: Up to 50,000 km' })).toBeInTheDocument();
  });

  it('shows a bound of the address on the wrong side of the other at its field, and searches without it', async () => {
    const { lastAsked } = renderSearch('/cars?yearMin=2022&yearMax=2019');
    await screen.findByText('1 car');
    expect(within(sidebar()).getByText('Must be at least 2022')).toBeInTheDocument();
    expect((within(sidebar()).getByRole('textbox', { name: 'Year: To' }) as HTMLInputElement).value).toBe(
      '2019',
    );
    expect(lastAsked().get('yearMin')).toBe('2022');
    expect(lastAsked().has('yearMax')).toBe(false);
  });

  it('removes a filter with its chip, and all of them with Clear all', async () => {
    const { search } = renderSearch('/cars?fuel=Electric&brand=porsche&yearMin=2018');
    await screen.findByText('1 car');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual(['Remove filter: Porsche', 'Remove filter: Electric', 'Remove filter: 2018 or newer']);

    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Electric' }));
    await waitFor(() => expect(search()).toBe('?brand=porsche&yearMin=2018'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search()).toBe(''));
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('offers to remove the last filter, or all of them, when nothing matches', async () => {
    const { search } = renderSearch(
      '/cars?fuel=Diesel&kmMax=1000&sort=price_desc',
      aSearchResult({ items: [], total: 0 }),
    );
    expect(await screen.findByText('No cars match your search')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Up to 621 mi' }));
    await waitFor(() => expect(search()).toBe('?fuel=Diesel&sort=price_desc'));

    await userEvent.click(await screen.findByRole('button', { name: 'Remove Diesel' }));
    await waitFor(() => expect(search()).toBe('?sort=price_desc'));
    // Nothing left to loosen: the page's own empty state.
    expect(await screen.findByText('No cars at all')).toBeInTheDocument();
  });

  it('shows no heading over a filter with nothing to choose from', async () => {
    const result = aSearchResult({ items: [], total: 0 });
    renderSearch('/cars?q=zzz', { ...result, facets: { ...result.facets, brand: [] } });
    expect(await screen.findByText('No cars match your search')).toBeInTheDocument();
    expect(within(sidebar()).queryByRole('group', { name: 'Brand' })).not.toBeInTheDocument();
    expect(within(sidebar()).queryByText('Brand')).not.toBeInTheDocument();
    expect(within(sidebar()).getByRole('group', { name: 'Fuel' })).toBeInTheDocument();
  });

  it('lists the brands the API sends, the first six until asked, and says how many more it left out', async () => {
    const result = aSearchResult();
    const brands = ['Audi', 'BMW', 'Ferrari', 'Lotus', 'Mazda', 'Porsche', 'Tesla', 'Volvo'].map(
      (label, i) => ({
        value: label.toLowerCase(),
        label,
        count: 10 - i,
      }),
    );
    renderSearch('/cars?brand=volvo', {
      ...result,
      facets: { ...result.facets, brand: brands, moreBrands: 3 },
    });
    const brand = await within(sidebar()).findByRole('group', { name: 'Brand' });
    // The first six, and a chosen brand beyond them.
    expect(within(brand).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(brand).queryByText(/more brands/)).toBeNull();
    await userEvent.click(within(brand).getByRole('button', { name: 'Show the top 8 brands' }));
    expect(within(brand).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(brand).getByText('and 3 more brands: search for one by name')).toBeInTheDocument();
  });

  it('clears all but the category on a category page, where the category is no filter', async () => {
    const { search, lastAsked } = renderSearch(
      '/category/sports?fuel=Petrol&verified=true',
      undefined,
      'sports',
    );
    await screen.findByText('1 car');
    expect(within(sidebar()).queryByRole('group', { name: 'Category' })).not.toBeInTheDocument();
    expect(lastAsked().getAll('category')).toEqual(['sports']);

    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(search()).toBe(''));
    await waitFor(() => expect(lastAsked().toString()).toBe('category=sports&limit=12'));
  });

  it('opens the filters in a dialog on smaller screens, showing how many cars they find', async () => {
    renderSearch('/cars?fuel=Electric', aSearchResult({ total: 7 }));
    await screen.findByText('7 cars');
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('checkbox', { name: 'Electric 1 car' })).toHaveProperty('checked', true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show 7 cars' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('CarSearch by place', () => {
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

  const zipField = () => within(sidebar()).getByRole('textbox', { name: 'ZIP code' });
  const distance = () => within(sidebar()).getByRole('combobox', { name: 'Distance' });
  const sortOptions = () =>
    within(screen.getByRole('combobox', { name: 'Sort by' }))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('searches around a ZIP code, within a radius, delivered there and nearest first', async () => {
    const { search, lastAsked } = renderSearch('/cars?fuel=Petrol');
    await screen.findByText('1 car');
    // No place yet: nowhere to measure from.
    expect(distance()).toBeDisabled();
    expect(sortOptions()).not.toContain('Nearest first');

    await userEvent.type(zipField(), '90210{Enter}');
    await waitFor(() => expect(search()).toBe('?fuel=Petrol&near=90210'));
    // A place alone forces no order.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
    expect(distance()).toBeEnabled();
    expect(
      within(distance())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Nationwide',
      'Within 10 mi',
      'Within 25 mi',
      'Within 50 mi',
      'Within 100 mi',
      'Within 250 mi',
      'Within 500 mi',
    ]);
    await userEvent.selectOptions(distance(), 'Within 50 mi');
    await waitFor(() => expect(search()).toBe('?fuel=Petrol&near=90210&radius=50mi'));
    await userEvent.click(within(sidebar()).getByRole('checkbox', { name: 'Delivers to me' }));
    await waitFor(() => expect(search()).toBe('?fuel=Petrol&near=90210&radius=50mi&delivery=true'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Nearest first');
    await waitFor(() => expect(lastAsked().get('sort')).toBe('distance'));
    expect(Object.fromEntries(lastAsked())).toMatchObject({
      near: '90210',
      radius: '50mi',
      delivery: 'true',
    });

    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter: Delivers to me' })).toBeInTheDocument();
    // Without its place the search is nationwide again, in its default order.
    await userEvent.click(
      within(chips).getByRole('button', { name: 'Remove filter: Within 50 mi of 90210' }),
    );
    await waitFor(() => expect(search()).toBe('?fuel=Petrol&delivery=true'));
    expect(distance()).toBeDisabled();
    expect(zipField()).toHaveValue('');
  });

  it('says at the ZIP code field what is not one, or one the API does not know, and keeps the page', async () => {
    const { search } = renderSearch('/cars?near=90210');
    await screen.findByText('1 car');
    await userEvent.clear(zipField());
    await userEvent.type(zipField(), '9021{Enter}');
    expect(zipField()).toHaveAccessibleDescription('Enter a 5-digit ZIP code');
    expect(search()).toBe('?near=90210');

    const unknown = "We don't know the ZIP code 00000";
    answer({
      'GET /cars/search': apiError(400, ERROR_CODES.validation, 'That ZIP code is not one we know.', {
        near: unknown,
      }),
    });
    await userEvent.clear(zipField());
    await userEvent.type(zipField(), '00000{Enter}');
    await waitFor(() => expect(zipField()).toHaveAccessibleDescription(unknown));
    expect(zipField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    answer({ 'GET /cars/search': aSearchResult() });
    await userEvent.click(screen.getByRole('button', { name: 'Search nationwide' }));
    await waitFor(() => expect(search()).toBe(''));
    expect(await screen.findByText('1 car')).toBeInTheDocument();
    expect(zipField()).not.toHaveAttribute('aria-invalid');
  });

  it("searches around the visitor's location once they share it", async () => {
    const getCurrentPosition = locateWith((found) =>
      found({ coords: { latitude: 34.090_123, longitude: -118.406_549 } } as GeolocationPosition),
    );
    const { search, lastAsked } = renderSearch('/cars?radius=25mi');
    await screen.findByText('1 car');
    expect(getCurrentPosition).not.toHaveBeenCalled();

    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(search()).toBe('?near=34.0901%2C-118.4065'));
    await waitFor(() => expect(lastAsked().get('near')).toBe('34.0901,-118.4065'));
    expect(within(sidebar()).getByText('Your location')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Active filters' })).getByRole('button', {
        name: 'Remove filter: Near your location',
      }),
    ).toBeInTheDocument();
    expect(sortOptions()).toContain('Nearest first');
  });

  it('says so when the browser does not share the location, and searches as before', async () => {
    locateWith((_found, failed) => failed({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError));
    const { search } = renderSearch('/cars?fuel=Petrol');
    await screen.findByText('1 car');
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Use my location' }));
    expect(await within(sidebar()).findByRole('alert')).toHaveTextContent(
      'Your browser did not share your location. Enter a ZIP code instead.',
    );
    expect(search()).toBe('?fuel=Petrol');
  });

  it('offers "Use my location" only in a browser that can locate, and never on the server', async () => {
    renderSearch('/cars');
    await screen.findByText('1 car');
    expect(within(sidebar()).queryByRole('button', { name: 'Use my location' })).not.toBeInTheDocument();

    locateWith(() => {});
    const html = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <SearchFilters state={EMPTY_SEARCH} facets={undefined} onSearch={() => {}} />
      </QueryClientProvider>,
    );
    expect(html).toContain('ZIP code');
    expect(html).not.toContain('Use my location');
  });
});
