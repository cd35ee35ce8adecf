/**
 * The search's filters: where from (a ZIP code or the visitor's location), how far and delivered
 * there; each value with the number of cars the search would have with it (the API's
 * disjunctive counts), the specifications (only the values some car has), the year, price and
 * mileage ranges, classics, doors, seats and previous owners, and verified sellers. Every change
 * searches at once; a range applies when its field is left or Enter is pressed.
 */
import type { CarSearchFacets, FacetValue, SearchSpecFacet, UnitSystem } from '@redline/shared';
import {
  CLASSIC_AGE_YEARS,
  distanceIn,
  distanceUnit,
  formatDistance,
  formatMoney,
  formatNumber,
  kmUpTo,
  parseNear,
  SEARCH_RADII,
} from '@redline/shared';
import { type FocusEvent, type KeyboardEvent, useId, useState } from 'react';
import { controlA11y, errorIdFor } from '../../../components/ui/form-field.tsx';
import { readCents, readNumber } from '../../../lib/number-text.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useLocate } from '../hooks/use-locate.ts';
import { radiusLabel } from '../utils/filter-chips.ts';
import {
  boundConflict,
  type ListName,
  RANGES,
  type RangeName,
  type SearchState,
  SPEC_FACETS,
  toggleValue,
  withoutPlace,
} from '../utils/search-params.ts';
import { LocateButton } from './locate-button.tsx';

const SPEC_LEGENDS: Record<SearchSpecFacet, string> = {
  rating: 'Deal rating',
  body: 'Body style',
  transmission: 'Transmission',
  drivetrain: 'Drivetrain',
  colour: 'Exterior colour',
  title: 'Title status',
};

/** How many brands show before "Show all". */
const BRANDS_SHOWN = 6;

export type SearchUpdate = (update: (current: SearchState) => SearchState) => void;

type SearchFiltersProps = {
  state: SearchState;
  /** `undefined` until the first answer. */
  facets: CarSearchFacets | undefined;
  /** A category's page: its category is no filter. */
  fixedCategory?: string;
  /** What the API said is wrong with the search's place (a ZIP code it does not know). */
  placeError?: string;
  onSearch: SearchUpdate;
};

export function SearchFilters({ state, facets, fixedCategory, placeError, onSearch }: SearchFiltersProps) {
  const units = useUnitSystem();
  return (
    <div className="flex flex-col gap-6">
      <LocationGroup state={state} placeError={placeError} onSearch={onSearch} />
      {fixedCategory === undefined ? (
        <FacetGroup
          legend="Category"
          name="category"
          options={facets?.category}
          state={state}
          onSearch={onSearch}
        />
      ) : null}
      <FacetGroup legend="Fuel" name="fuel" options={facets?.fuel} state={state} onSearch={onSearch} />
      {SPEC_FACETS.map((facet) => (
        <FacetGroup
          key={facet}
          legend={SPEC_LEGENDS[facet]}
          name={facet}
          // The values no car has, unless chosen, are left out: a specification has many.
          options={facets?.[facet].filter(
            (option) => option.count > 0 || (state[facet] as string[]).includes(option.value),
          )}
          state={state}
          onSearch={onSearch}
        />
      ))}
      <FacetGroup
        legend="Brand"
        name="brand"
        options={facets?.brand}
        more={facets?.moreBrands}
        state={state}
        onSearch={onSearch}
      />
      <RangeGroup
        legend="Year"
        fields={[
          { name: 'yearMin', label: 'From', hint: facets?.year.min },
          { name: 'yearMax', label: 'To', hint: facets?.year.max },
        ]}
        unit="year"
        state={state}
        onSearch={onSearch}
      />
      <Toggle
        label={`Classics only (${CLASSIC_AGE_YEARS}+ years old)`}
        checked={state.classic}
        onChange={() => onSearch((current) => ({ ...current, classic: !current.classic }))}
      />
      <RangeGroup
        legend="Price (USD)"
        fields={[
          { name: 'priceMin', label: 'Min', hint: facets?.price.min },
          { name: 'priceMax', label: 'Max', hint: facets?.price.max },
        ]}
        unit="dollars"
        state={state}
        onSearch={onSearch}
      />
      <RangeGroup
        legend="Mileage"
        fields={[{ name: 'kmMax', label: 'Up to', hint: undefined }]}
        unit={distanceUnit(units)}
        state={state}
        onSearch={onSearch}
      />
      {(
        [
          ['doorsMin', 'Doors', 'At least'],
          ['seatsMin', 'Seats', 'At least'],
          ['ownersMax', 'Previous owners', 'At most'],
        ] as const
      ).map(([name, legend, label]) => (
        <RangeGroup
          key={name}
          legend={legend}
          fields={[{ name, label, hint: undefined }]}
          unit="count"
          state={state}
          onSearch={onSearch}
        />
      ))}
      <Toggle
        label="Verified sellers only"
        checked={state.verified}
        onChange={() => onSearch((current) => ({ ...current, verified: !current.verified }))}
      />
    </div>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium">
      {label}
      <input
        type="checkbox"
        className="toggle toggle-primary toggle-sm"
        checked={checked}
        onChange={onChange}
      />
    </label>
  );
}

// min-w-0: a fieldset is at least as wide as its widest word, which would push a long name out of the panel.
const groupClass = 'flex min-w-0 flex-col gap-1';
const legendClass = 'mb-2 text-sm font-semibold';

function FacetGroup({
  legend,
  name,
  options,
  more = 0,
  state,
  onSearch,
}: {
  legend: string;
  name: ListName;
  options: FacetValue[] | undefined;
  /** How many values with cars the API left out of `options` (the brands beyond BRAND_FACET_MAX). */
  more?: number;
  state: SearchState;
  onSearch: SearchUpdate;
}) {
  const [showAll, setShowAll] = useState(false);
  const chosen: string[] = state[name];
  if (!options) {
    return (
      <div className={groupClass} aria-hidden="true">
        <div className="skeleton mb-2 h-4 w-20" />
        {[0, 1, 2].map((row) => (
          <div key={row} className="skeleton h-5 w-full" />
        ))}
      </div>
    );
  }
  // Nothing to choose from (no car matches): no heading over an empty group.
  if (options.length === 0) return null;
  const many = name === 'brand' && options.length > BRANDS_SHOWN + 1;
  const shown =
    many && !showAll
      ? options.filter((option, index) => index < BRANDS_SHOWN || chosen.includes(option.value))
      : options;
  return (
    <fieldset className={groupClass}>
      <legend className={legendClass}>{legend}</legend>
      {shown.map((option) => {
        const checked = chosen.includes(option.value);
        return (
          <label
            key={option.value}
            className={`flex cursor-pointer items-center gap-3 rounded-field px-1 py-1 text-sm hover:bg-base-200 ${option.count === 0 && !checked ? 'opacity-50' : ''}`}
          >
            <input
              type="checkbox"
              className="checkbox checkbox-primary checkbox-sm"
              checked={checked}
              disabled={option.count === 0 && !checked}
              onChange={() => onSearch((current) => toggleValue(current, name, option.value))}
            />
            <span className="min-w-0 flex-1 truncate">{option.label}</span>{' '}
            <span className="tabular-nums text-base-content/60">
              {option.count} <span className="sr-only">{option.count === 1 ? 'car' : 'cars'}</span>
            </span>
          </label>
        );
      })}
      {more > 0 && (showAll || !many) ? (
        <p className="px-1 text-sm text-base-content/60">
          and {more} more {more === 1 ? 'brand' : 'brands'}: search for one by name
        </p>
      ) : null}
      {many ? (
        <button
          type="button"
          className="btn btn-link btn-sm self-start px-1"
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? 'Show fewer brands' : `Show ${more > 0 ? 'the top' : 'all'} ${options.length} brands`}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A field's handlers that apply its text when it is left or Enter is pressed. */
const appliedOnLeave = (apply: (input: HTMLInputElement) => void) => ({
  onBlur: (event: FocusEvent<HTMLInputElement>) => apply(event.currentTarget),
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply(event.currentTarget);
  },
});

/** What is wrong with the field `id`, under it (its description: controlA11y). */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={errorIdFor(id)} className="mt-1 text-xs text-error">
      {error}
    </p>
  ) : null;
}

type RangeField = { name: RangeName; label: string; hint: number | null | undefined };

/**
 * How a range's values are read from their field, written into it (`text`) and named in a message
 * (`show`): years as they are, prices in dollars (searched in cents), a mileage in miles or km, with
 * thousands grouped (searched in km, the URL's unit: up to every car shown at or under it, `kmUpTo`).
 */
const mileageIn = (system: UnitSystem, unreadable: string) => ({
  read: (text: string) => {
    const value = readNumber(text);
    return value !== undefined && Number.isInteger(value) ? kmUpTo(value, system) : value;
  },
  text: (km: number) => formatNumber(distanceIn(km, system)),
  show: (km: number) => formatDistance(km, system),
  unreadable,
});

const UNITS = {
  year: { read: readNumber, text: String, show: String, unreadable: 'Enter a year in digits, like 2015' },
  dollars: {
    read: readCents,
    text: (cents: number) => formatMoney(cents).replace('$', ''),
    show: formatMoney,
    unreadable: 'Enter dollars in digits, like 50,000',
  },
  mi: mileageIn('imperial', 'Enter miles in digits, like 30,000'),
  km: mileageIn('metric', 'Enter kilometres in digits, like 50,000'),
  count: { read: readNumber, text: String, show: String, unreadable: 'Enter a number in digits, like 2' },
} as const;
type Unit = keyof typeof UNITS;

/** What is wrong with `value` for the bound `name` of `state`'s search, if anything. */
function rangeError(state: SearchState, name: RangeName, value: number | undefined, unit: Unit) {
  const { show, unreadable } = UNITS[unit];
  if (value === undefined) return undefined;
  if (Number.isNaN(value)) return unreadable;
  if (!Number.isInteger(value)) return 'Enter a whole number';
  const [min, max] = RANGES[name];
  if (value < min) return `Must be at least ${show(min)}`;
  if (value > max) return `Must be at most ${show(max)}`;
  const conflict = boundConflict(state, name, value);
  if (!conflict) return undefined;
  return conflict.name.endsWith('Max')
    ? `Must be at most ${show(conflict.value)}`
    : `Must be at least ${show(conflict.value)}`;
}

function RangeGroup({
  legend,
  fields,
  unit,
  state,
  onSearch,
}: {
  legend: string;
  fields: RangeField[];
  unit: Unit;
  state: SearchState;
  onSearch: SearchUpdate;
}) {
  const id = useId();
  return (
    <fieldset className={groupClass}>
      <legend className={legendClass}>{legend}</legend>
      <div className="flex items-start gap-2">
        {fields.map((field, index) => (
          <div key={field.name} className="flex min-w-0 flex-1 items-start gap-2">
            {index > 0 ? (
              <span aria-hidden="true" className="pt-7 text-base-content/50">
                –
              </span>
            ) : null}
            <RangeInput
              // Typed text is the field's own until applied; a search from elsewhere (a chip, Back), or
              // other units (the footer's switch), shows anew.
              key={`${unit} ${state[field.name] ?? 'none'}`}
              id={`${id}-${field.name}`}
              legend={legend}
              field={field}
              unit={unit}
              state={state}
              onSearch={onSearch}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One bound, applied when the field is left or Enter is pressed. A value it cannot take as typed
 * (not a number, out of range, on the wrong side of the other bound) is not applied: the field keeps
 * the text and says what is wrong.
 */
function RangeInput({
  id,
  legend,
  field,
  unit,
  state,
  onSearch,
}: {
  id: string;
  legend: string;
  field: RangeField;
  unit: Unit;
  state: SearchState;
  onSearch: SearchUpdate;
}) {
  const { read, text } = UNITS[unit];
  const shown = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : text(value);
  // What was typed and not applied; else what is wrong with the bound searched (an address's may be
  // on the wrong side of the other bound: the search leaves it out, search-params.ts).
  const [typedError, setTypedError] = useState<string>();
  const error = typedError ?? rangeError(state, field.name, state[field.name], unit);

  const apply = (input: HTMLInputElement) => {
    const value = read(input.value);
    const problem = rangeError(state, field.name, value, unit);
    setTypedError(problem);
    if (problem) return;
    input.value = shown(value);
    onSearch((current) => ({ ...current, [field.name]: value }));
  };

  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block text-xs text-base-content/70">
        {field.label}
      </label>
      <div className={`input input-sm w-full ${error ? 'input-error' : ''}`}>
        {unit === 'dollars' ? (
          <span aria-hidden="true" className="text-base-content/60">
            $
          </span>
        ) : null}
        <input
          type="text"
          inputMode={unit === 'dollars' ? 'decimal' : 'numeric'}
          autoComplete="off"
          className="min-w-0"
          aria-label={`${legend}: ${field.label}`}
          {...controlA11y(id, error)}
          defaultValue={shown(state[field.name])}
          placeholder={shown(field.hint)}
          {...appliedOnLeave(apply)}
        />
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * Where the search measures from, how far, and delivery there; the visitor's location only when they
 * press "Use my location" (useLocate).
 */
function LocationGroup({
  state,
  placeError,
  onSearch,
}: {
  state: SearchState;
  placeError: string | undefined;
  onSearch: SearchUpdate;
}) {
  const id = useId();
  const unit = distanceUnit(useUnitSystem());
  const { canLocate, locating, locateError, locate } = useLocate((near) =>
    onSearch((current) => ({ ...current, near })),
  );
  const atPoint = state.near !== undefined && parseNear(state.near)?.postalCode === undefined;
  // The radii in the visitor's unit, and the address's own if it is another.
  const radii: string[] = SEARCH_RADII.map((radius) => `${radius}${unit}`);
  if (state.radius !== undefined && !radii.includes(state.radius)) radii.push(state.radius);

  return (
    <fieldset className={groupClass}>
      <legend className={legendClass}>Location</legend>
      <ZipInput
        // Typed text is the field's own until applied; a search from elsewhere (a chip, Back) shows anew.
        key={state.near ?? 'none'}
        id={`${id}-zip`}
        state={state}
        placeError={placeError}
        onSearch={onSearch}
      />
      {atPoint ? <p className="text-sm font-medium">Your location</p> : null}
      {canLocate ? (
        <LocateButton
          locating={locating}
          onLocate={locate}
          className="btn btn-outline btn-sm mt-1 self-start"
        />
      ) : null}
      {locateError ? (
        <p role="alert" className="text-xs text-error">
          {locateError}
        </p>
      ) : null}
      <label htmlFor={`${id}-radius`} className="mt-2 mb-1 block text-xs text-base-content/70">
        Distance
      </label>
      <select
        id={`${id}-radius`}
        className="select select-sm w-full"
        value={state.radius ?? ''}
        disabled={state.near === undefined}
        onChange={(event) => {
          const radius = event.target.value || undefined;
          onSearch((current) => ({ ...current, radius }));
        }}
      >
        <option value="">Nationwide</option>
        {radii.map((radius) => (
          <option key={radius} value={radius}>
            {radiusLabel(radius)}
          </option>
        ))}
      </select>
      <div className="mt-2">
        <Toggle
          label="Delivers to me"
          checked={state.delivery}
          onChange={() => onSearch((current) => ({ ...current, delivery: !current.delivery }))}
        />
      </div>
    </fieldset>
  );
}

/**
 * The ZIP code the search measures from, applied when the field is left or Enter is pressed; emptied,
 * the search is nationwide again. Not 5 digits, it is not applied and the field says so; a ZIP code
 * the API does not know (`placeError`) is said under it too.
 */
function ZipInput({
  id,
  state,
  placeError,
  onSearch,
}: {
  id: string;
  state: SearchState;
  placeError: string | undefined;
  onSearch: SearchUpdate;
}) {
  const zip = state.near === undefined ? undefined : parseNear(state.near)?.postalCode;
  const [typedError, setTypedError] = useState<string>();
  const error = typedError ?? placeError;

  const apply = (input: HTMLInputElement) => {
    const text = input.value.trim();
    // Emptied: the ZIP code is removed; the visitor's location (no ZIP code shown) stays.
    if (text === '') {
      setTypedError(undefined);
      if (zip !== undefined) onSearch(withoutPlace);
      return;
    }
    const near = parseNear(text)?.postalCode;
    setTypedError(near === undefined ? 'Enter a 5-digit ZIP code' : undefined);
    if (near !== undefined) onSearch((current) => ({ ...current, near }));
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs text-base-content/70">
        ZIP code
      </label>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
        className={`input input-sm w-full ${error ? 'input-error' : ''}`}
        {...controlA11y(id, error)}
        defaultValue={zip ?? ''}
        placeholder="90210"
        {...appliedOnLeave(apply)}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}
