/**
 * The search's filters: each value with the number of cars the search would have with it (the API's
 * disjunctive counts), the year, price and km ranges, and verified sellers. Every change searches at
 * once; a range applies when its field is left or Enter is pressed.
 */
import type { CarSearchFacets, FacetValue } from '@redline/shared';
import { formatNumber } from '@redline/shared';
import { type KeyboardEvent, useId, useState } from 'react';
import {
  type ListName,
  RANGES,
  type RangeName,
  type SearchState,
  toggleValue,
  withRange,
} from '../utils/search-params.ts';

/** How many brands show before "Show all". */
const BRANDS_SHOWN = 6;

export type SearchUpdate = (update: (current: SearchState) => SearchState) => void;

type SearchFiltersProps = {
  state: SearchState;
  /** `undefined` until the first answer. */
  facets: CarSearchFacets | undefined;
  /** A category's page: its category is no filter. */
  fixedCategory?: string;
  onSearch: SearchUpdate;
};

export function SearchFilters({ state, facets, fixedCategory, onSearch }: SearchFiltersProps) {
  const money = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? undefined : Math.round(cents / 100);
  return (
    <div className="flex flex-col gap-6">
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
      <FacetGroup legend="Brand" name="brand" options={facets?.brand} state={state} onSearch={onSearch} />
      <RangeGroup
        legend="Year"
        fields={[
          { name: 'yearMin', label: 'From', hint: facets?.year.min },
          { name: 'yearMax', label: 'To', hint: facets?.year.max },
        ]}
        state={state}
        onSearch={onSearch}
      />
      <RangeGroup
        legend="Price (USD)"
        fields={[
          { name: 'priceMin', label: 'Min', hint: money(facets?.price.min) },
          { name: 'priceMax', label: 'Max', hint: money(facets?.price.max) },
        ]}
        dollars
        state={state}
        onSearch={onSearch}
      />
      <RangeGroup
        legend="Kilometres"
        fields={[{ name: 'kmMax', label: 'Up to', hint: undefined }]}
        state={state}
        onSearch={onSearch}
      />
      <label className="flex cursor-pointer items-center justify-between gap-3 text-sm font-medium">
        Verified sellers only
        <input
          type="checkbox"
          className="toggle toggle-primary toggle-sm"
          checked={state.verified}
          onChange={() => onSearch((current) => ({ ...current, verified: !current.verified }))}
        />
      </label>
    </div>
  );
}

const groupClass = 'flex flex-col gap-1';
const legendClass = 'mb-2 text-sm font-semibold';

function FacetGroup({
  legend,
  name,
  options,
  state,
  onSearch,
}: {
  legend: string;
  name: ListName;
  options: FacetValue[] | undefined;
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
      {many ? (
        <button
          type="button"
          className="btn btn-link btn-sm self-start px-1"
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? 'Show fewer brands' : `Show all ${options.length} brands`}
        </button>
      ) : null}
    </fieldset>
  );
}

type RangeField = { name: RangeName; label: string; hint: number | null | undefined };

function RangeGroup({
  legend,
  fields,
  dollars = false,
  state,
  onSearch,
}: {
  legend: string;
  fields: RangeField[];
  /** Typed in dollars, searched in cents. */
  dollars?: boolean;
  state: SearchState;
  onSearch: SearchUpdate;
}) {
  const id = useId();
  const scale = dollars ? 100 : 1;
  // Years read as years; prices and km with thousands separators.
  const display = (value: number) =>
    fields[0]?.name.startsWith('year') ? String(value) : formatNumber(value);
  const shown = (value: number | undefined) => (value === undefined ? '' : display(value / scale));

  const apply = (field: RangeName, input: HTMLInputElement) => {
    const digits = input.value.replace(/\D/g, '');
    const [min, max] = RANGES[field];
    const value =
      digits === ''
        ? undefined
        : Math.min(max, Math.max(min, Math.round(Number(digits.slice(0, 12)) * scale)));
    input.value = shown(value);
    onSearch((current) => withRange(current, field, value));
  };
  const onKeyDown = (field: RangeName) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply(field, event.currentTarget);
  };

  return (
    <fieldset className={groupClass}>
      <legend className={legendClass}>{legend}</legend>
      <div className="flex items-end gap-2">
        {fields.map((field, index) => (
          <div key={field.name} className="flex min-w-0 flex-1 items-end gap-2">
            {index > 0 ? (
              <span aria-hidden="true" className="pb-1.5 text-base-content/50">
                –
              </span>
            ) : null}
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-${field.name}`} className="mb-1 block text-xs text-base-content/70">
                {field.label}
              </label>
              <div className="input input-sm w-full">
                {dollars ? (
                  <span aria-hidden="true" className="text-base-content/60">
                    $
                  </span>
                ) : null}
                <input
                  // Typed text is the field's own until applied; a search from elsewhere (a chip, Back) shows anew.
                  key={state[field.name] ?? 'none'}
                  id={`${id}-${field.name}`}
                  type="text"
                  inputMode="numeric"
                  autoComplete="off"
                  className="min-w-0"
                  aria-label={`${legend}: ${field.label}`}
                  defaultValue={shown(state[field.name])}
                  placeholder={field.hint === null || field.hint === undefined ? '' : display(field.hint)}
                  onBlur={(event) => apply(field.name, event.currentTarget)}
                  onKeyDown={onKeyDown(field.name)}
                />
              </div>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
