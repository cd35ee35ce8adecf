/**
 * A ZIP code typed into a form, with the city and state it is (or that it is unknown) under it as
 * soon as five digits are typed: what a car posted there shows. A form's own error wins.
 */
import type { Place } from '@redline/shared';
import type { ComponentProps } from 'react';
import { typedPostalCode, usePlace } from '../../lib/places.ts';
import { TextField } from './form-field.tsx';

type PostalCodeFieldProps = Omit<ComponentProps<typeof TextField>, 'hint' | 'value'> & {
  /** What is typed now (the form's value of the field). */
  value: string | undefined;
  /** The place saved before (the car's, the profile's): shown while its code is typed, without asking. */
  known?: Place | null;
  /** Shown until a whole code is typed. */
  hint: string;
};

export function PostalCodeField({ value, known, hint, ...field }: PostalCodeFieldProps) {
  const saved = known && typedPostalCode(value) === known.postalCode ? known : undefined;
  const place = usePlace(saved ? undefined : value);
  const found = saved ?? place.data;
  const shown = found
    ? `${found.city}, ${found.region}`
    : place.isError
      ? `We don't know the ZIP code ${value?.trim().slice(0, 5)}`
      : place.isFetching
        ? 'Looking up the ZIP code…'
        : hint;
  return (
    <TextField
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={10}
      placeholder="e.g. 90210"
      hint={<span aria-live="polite">{shown}</span>}
      {...field}
    />
  );
}
