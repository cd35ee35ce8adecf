/**
 * The home page's way into a search by place: a ZIP code and a distance, or the visitor's location,
 * then the cars nearest first. Before the page's scripts run it is a plain form that the search page
 * reads (`near`, `radius`, `sort`); it imports no schema, so the home page carries none.
 */
import { distanceUnit, SEARCH_RADII } from '@redline/shared';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { controlA11y, errorIdFor } from '../../../components/ui/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { queryString } from '../../../lib/api-client.ts';
import { typedPostalCode } from '../../../lib/places.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useLocate } from '../hooks/use-locate.ts';
import { LocateButton } from './locate-button.tsx';

/** The distance chosen first. */
const DEFAULT_RADIUS = 50;

export function CarsNearYou() {
  const id = useId();
  const navigate = useNavigate();
  const unit = distanceUnit(useUnitSystem());
  const [radius, setRadius] = useState(`${DEFAULT_RADIUS}${unit}`);
  const [error, setError] = useState<string>();
  const searchNear = (near: string) =>
    navigate(paths.search(queryString({ near, radius, sort: 'distance' })));
  const { canLocate, locating, locateError, locate } = useLocate(searchNear);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const zip = typedPostalCode(new FormData(event.currentTarget).get('near')?.toString());
    setError(zip === undefined ? 'Enter a 5-digit ZIP code' : undefined);
    if (zip !== undefined) searchNear(zip);
  };

  return (
    <search aria-labelledby={`${id}-title`} className="mt-8 max-w-xl">
      <h2 id={`${id}-title`} className="text-sm font-semibold text-neutral-content/85">
        Cars near you
      </h2>
      <form action={paths.search()} onSubmit={submit} noValidate className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="sort" value="distance" />
        <label htmlFor={`${id}-zip`} className="sr-only">
          ZIP code
        </label>
        <input
          name="near"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          placeholder="ZIP code"
          className={`input w-32 text-base-content ${error ? 'input-error' : ''}`}
          {...controlA11y(`${id}-zip`, error)}
          onChange={() => setError(undefined)}
        />
        <label htmlFor={`${id}-radius`} className="sr-only">
          Distance
        </label>
        <select
          id={`${id}-radius`}
          name="radius"
          className="select w-36 text-base-content"
          value={radius}
          onChange={(event) => setRadius(event.target.value)}
        >
          {SEARCH_RADII.map((value) => (
            <option key={value} value={`${value}${unit}`}>
              Within {value} {unit}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary">
          Find cars
        </button>
        {canLocate ? (
          <LocateButton
            locating={locating}
            onLocate={locate}
            className="btn btn-ghost text-neutral-content"
          />
        ) : null}
      </form>
      {(error ?? locateError) ? (
        <p
          id={error ? errorIdFor(`${id}-zip`) : undefined}
          role="alert"
          className="mt-2 text-sm font-medium text-red-300"
        >
          {error ?? locateError}
        </p>
      ) : null}
    </search>
  );
}
