import { searchPathOf } from '@redline/shared';
import { describe, expect, it } from 'vitest';
import { someFacets } from '../../../testing/fixtures/search.ts';
import { filterChips, filterNames } from './filter-chips.ts';
import {
  boundConflict,
  EMPTY_SEARCH,
  filtersOf,
  parseSearch,
  type SearchState,
  searchOfFilters,
  searchQuery,
  serializeSearch,
  toggleValue,
} from './search-params.ts';

const every: SearchState = {
  q: 'porsche 911',
  category: ['sports', 'suv'],
  brand: ['porsche', 'tesla'],
  fuel: ['Electric', 'Hybrid'],
  rating: ['great', 'none'],
  body: ['Coupe', 'Wagon'],
  transmission: ['Manual'],
  drivetrain: ['AWD'],
  colour: ['Red', 'Grey'],
  title: ['Clean'],
  yearMin: 2018,
  yearMax: 2023,
  priceMin: 5_000_000,
  priceMax: 25_000_000,
  kmMax: 40_000,
  doorsMin: 2,
  seatsMin: 4,
  ownersMax: 1,
  near: '90210',
  radius: '50mi',
  delivery: true,
  verified: true,
  classic: true,
  sort: 'price_asc',
};

describe('the search in the address', () => {
  it('reads back every filter, repeated values and the sort as they were written', () => {
    const query = serializeSearch(every);
    expect(query).toBe(
      'q=porsche+911&category=sports&category=suv&brand=porsche&brand=tesla&fuel=Electric&fuel=Hybrid' +
        '&rating=great&rating=none&body=Coupe&body=Wagon&transmission=Manual&drivetrain=AWD&colour=Red&colour=Grey&title=Clean' +
        '&yearMin=2018&yearMax=2023&priceMin=5000000&priceMax=25000000&kmMax=40000' +
        '&doorsMin=2&seatsMin=4&ownersMax=1&near=90210&radius=50mi&verified=true&classic=true&delivery=true' +
        '&sort=price_asc',
    );
    expect(parseSearch(query)).toEqual(every);
  });

  it('writes nothing for an empty search, and reads nothing into one', () => {
    expect(serializeSearch(EMPTY_SEARCH)).toBe('');
    expect(parseSearch('')).toEqual(EMPTY_SEARCH);
  });

  it('ignores what the API would refuse, value by value, and keeps the rest', () => {
    const state = parseSearch(
      '?q=%20%20&fuel=Steam&fuel=Electric&fuel=Electric&brand=&yearMin=1850&yearMax=2020' +
        '&priceMin=-5&priceMax=12abc&kmMax=99999999999&verified=yes&sort=cheapest&unknown=1' +
        '&body=Limousine&body=Wagon&colour=red&seatsMin=10&ownersMax=-1&classic=yes',
    );
    expect(state).toEqual({ ...EMPTY_SEARCH, fuel: ['Electric'], body: ['Wagon'], yearMax: 2020 });
    // Control characters and bidirectional overrides: the API refuses them in any text.
    expect(parseSearch('q=gt3%E2%80%AEevil&brand=Pors%00che&brand=Porsche&category=a%0Ab')).toEqual({
      ...EMPTY_SEARCH,
      brand: ['Porsche'],
    });
  });

  it('keeps bounds given the wrong way round (the filters say so), searching without the upper one', () => {
    const address = 'yearMin=2022&yearMax=2019&priceMin=900&priceMax=100';
    const state = parseSearch(address);
    expect(state).toEqual({ ...EMPTY_SEARCH, yearMin: 2022, yearMax: 2019, priceMin: 900, priceMax: 100 });
    expect(serializeSearch(state)).toBe(address);
    expect(searchQuery(state)).toMatchObject({
      yearMin: 2022,
      yearMax: undefined,
      priceMin: 900,
      priceMax: undefined,
    });
    expect(filtersOf(state)).toMatchObject({ yearMax: undefined, priceMax: undefined });
    expect(boundConflict(state, 'yearMax', 2019)).toEqual({ name: 'yearMin', value: 2022 });
    expect(boundConflict(state, 'yearMin', 2022)).toEqual({ name: 'yearMax', value: 2019 });
    expect(boundConflict(state, 'yearMax', 2022)).toBeUndefined();
  });

  it('reads a place, a radius and the order by distance, and drops them as the API would refuse them', () => {
    const near = parseSearch('near=34.0901,-118.4065&radius=100km&sort=distance');
    expect(near).toEqual({ ...EMPTY_SEARCH, near: '34.0901,-118.4065', radius: '100km', sort: 'distance' });
    expect(serializeSearch(near)).toBe('near=34.0901%2C-118.4065&radius=100km&sort=distance');
    // Not a ZIP code nor a point; a radius of no unit, nothing or too far; true spelt otherwise.
    for (const address of [
      'near=9021&radius=50mi&sort=distance&delivery=yes',
      'near=Beverly+Hills&radius=50mi&sort=distance',
      'near=91.5,10&sort=distance',
    ])
      expect(parseSearch(address)).toEqual(EMPTY_SEARCH);
    for (const radius of ['50', '0mi', '1001km', '50miles'])
      expect(parseSearch(`near=90210&radius=${radius}`)).toEqual({ ...EMPTY_SEARCH, near: '90210' });
    // Without a place a radius or the nearest first mean nothing: delivery alone stays.
    expect(parseSearch('radius=50mi&sort=distance&delivery=true')).toEqual({
      ...EMPTY_SEARCH,
      delivery: true,
    });
  });

  it('drops relevance without text', () => {
    expect(parseSearch('sort=relevance').sort).toBeUndefined();
    expect(parseSearch('q=gt3&sort=relevance').sort).toBe('relevance');
  });

  it("makes a category's page search its category, and leaves it out of the address", () => {
    const state = parseSearch('category=suv&fuel=Petrol', 'sports');
    expect(state.category).toEqual(['sports']);
    expect(serializeSearch(state, 'sports')).toBe('fuel=Petrol');
  });

  it('toggles a value of a list', () => {
    const withHybrid = toggleValue(EMPTY_SEARCH, 'fuel', 'Hybrid');
    expect(withHybrid.fuel).toEqual(['Hybrid']);
    expect(toggleValue(withHybrid, 'fuel', 'Hybrid').fuel).toEqual([]);
  });
});

describe('a search as a saved search keeps it', () => {
  it('keeps its text and filters, not its order, and reads back as the search it was', () => {
    const { sort: _sort, ...filters } = every;
    expect(filtersOf(every)).toEqual(filters);
    expect(searchOfFilters(filtersOf(every))).toEqual(filters);
    expect(searchOfFilters({ brand: ['porsche'] })).toEqual({ ...EMPTY_SEARCH, brand: ['porsche'] });
    // Its address is the search page's for the same search.
    expect(searchPathOf(filtersOf(every))).toBe(`/cars?${serializeSearch(filters)}`);
  });
});

describe('filterChips', () => {
  it('names each filter with its label from the facets, and removes only it', () => {
    const facets = {
      ...someFacets(),
      category: [{ value: 'sports', label: 'Sports cars', count: 1 }],
      brand: [{ value: 'porsche', label: 'Porsche', count: 1 }],
    };
    const chips = filterChips(every, facets, 'imperial');
    expect(chips.map((chip) => chip.label)).toEqual([
      '“porsche 911”',
      'Within 50 mi of 90210',
      'Delivers to me',
      'Sports cars',
      'suv',
      'Porsche',
      'tesla',
      'Electric',
      'Hybrid',
      'Great deal',
      'Not enough data',
      'Coupe',
      'Wagon',
      'Manual',
      'AWD',
      'Red exterior',
      'Grey exterior',
      'Clean title',
      '2018–2023',
      '$50,000–$250,000',
      'Up to 24,855 mi',
      'Classics (25+ years)',
      '2+ doors',
      '4+ seats',
      'At most 1 previous owner',
      'Verified sellers',
    ]);
    expect(chips.find((chip) => chip.label === 'Wagon')?.without).toEqual({ ...every, body: ['Coupe'] });
    expect(chips.find((chip) => chip.id === 'delivery')?.without).toEqual({ ...every, delivery: false });
    const hybrid = chips.find((chip) => chip.label === 'Hybrid');
    expect(hybrid?.without).toEqual({ ...every, fuel: ['Electric'] });
    // A saved search's filters, its category too, by the same names.
    expect(
      filterNames({ category: ['sports'], fuel: ['Hybrid'], verified: true }, facets, 'imperial'),
    ).toEqual([
      { id: 'category:sports', label: 'Sports cars' },
      { id: 'fuel:Hybrid', label: 'Hybrid' },
      { id: 'verified', label: 'Verified sellers' },
    ]);
    // The mileage in the visitor's units: 40,000 km is 24,855 mi.
    expect(
      filterChips({ ...EMPTY_SEARCH, kmMax: 40_000 }, facets, 'metric').map((chip) => chip.label),
    ).toEqual(['Up to 40,000 km']);
    expect(
      filterChips({ ...EMPTY_SEARCH, category: ['sports'], yearMax: 2020 }, facets, 'imperial', 'sports'),
    ).toEqual([{ id: 'year', label: '2020 or older', without: { ...EMPTY_SEARCH, category: ['sports'] } }]);
  });

  it('names the place searched around, and removes it with its radius and the order by distance', () => {
    const located = parseSearch('near=34.0901,-118.4065&radius=100km&sort=distance&fuel=Electric');
    const [place] = filterChips(located, undefined, 'imperial');
    expect(place?.label).toBe('Within 100 km of your location');
    expect(place?.without).toEqual({ ...EMPTY_SEARCH, fuel: ['Electric'] });
    expect(
      filterChips(parseSearch('near=34.0901,-118.4065'), undefined, 'imperial').map((chip) => chip.label),
    ).toEqual(['Near your location']);
    const zip = parseSearch('near=90210&sort=price_asc');
    expect(filterChips(zip, undefined, 'imperial')).toEqual([
      { id: 'near', label: 'Near 90210', without: { ...EMPTY_SEARCH, sort: 'price_asc' } },
    ]);
    // A saved search's summary says the same.
    expect(filterNames({ near: '90210', radius: '25mi', delivery: true }, undefined, 'imperial')).toEqual([
      { id: 'near', label: 'Within 25 mi of 90210' },
      { id: 'delivery', label: 'Delivers to me' },
    ]);
  });
});
