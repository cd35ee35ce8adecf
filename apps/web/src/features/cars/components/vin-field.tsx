/**
 * The car form's VIN, or an older car's chassis number, with a Decode button that asks what the VIN
 * says of the car (from model year 1981 on) and hands it to the form to prefill.
 */
import { VIN_FROM_YEAR, type VinDecode } from '@redline/shared';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { controlA11y, Field } from '../../../components/ui/form-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useDecodeVin } from '../api/decode-vin.ts';

type VinFieldProps = {
  id: string;
  /** The model year chosen, if any: before 1981 the field asks a chassis number, not decoded. */
  year: number | undefined;
  value: string;
  field: UseFormRegisterReturn;
  error?: string;
  /** Prefills the form with what the VIN says; answers how many fields it filled in. */
  onDecoded: (decoded: VinDecode) => number;
  /** The server's word on a VIN it cannot decode (a 400), for the form to show under the field. */
  onRefused: (message: string) => void;
};

export function VinField({ id, year, value, field, error, onDecoded, onRefused }: VinFieldProps) {
  const decode = useDecodeVin();
  // What the last Decode found: nothing (404), or how many fields it filled in.
  const [outcome, setOutcome] = useState<'not-found' | number | null>(null);
  const chassis = year !== undefined && year < VIN_FROM_YEAR;
  const vin = value.trim();

  const onDecode = () => {
    setOutcome(null);
    decode.mutate(vin, {
      onSuccess: (decoded) => setOutcome(onDecoded(decoded)),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 404) setOutcome('not-found');
        else if (failure instanceof ApiError && failure.status === 400)
          onRefused(failure.fields?.vin ?? failure.message);
        else toast.error(errorMessage(failure));
      },
    });
  };

  return (
    <Field
      id={id}
      label={chassis ? 'Chassis number (optional)' : 'VIN (optional)'}
      error={error}
      hint={
        outcome === 'not-found' ? (
          <span role="status">Nothing was found for this VIN: fill in the car yourself.</span>
        ) : outcome !== null ? (
          <span role="status">
            {outcome === 0
              ? 'The VIN says nothing more of the car: fill it in yourself.'
              : `Filled in ${outcome} ${outcome === 1 ? 'field' : 'fields'} from the VIN: check each one marked below.`}
          </span>
        ) : chassis ? (
          `As stamped on the car: cars before ${VIN_FROM_YEAR} have no standard VIN.`
        ) : (
          '17 characters, at the foot of the windscreen or on the door pillar. Decode fills in the car.'
        )
      }
    >
      <div className="join w-full sm:max-w-md">
        <input
          type="text"
          className={`input join-item w-full font-mono uppercase placeholder:normal-case ${error ? 'input-error' : ''}`}
          autoComplete="off"
          spellCheck={false}
          placeholder={chassis ? 'e.g. 10507' : 'e.g. WP0AC2A99PS230517'}
          {...controlA11y(id, error)}
          {...field}
          onChange={(event) => {
            setOutcome(null);
            return field.onChange(event);
          }}
        />
        {chassis ? null : (
          <button
            type="button"
            className="btn join-item btn-neutral"
            disabled={vin === '' || decode.isPending}
            onClick={onDecode}
          >
            {decode.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Decode
          </button>
        )}
      </div>
    </Field>
  );
}
