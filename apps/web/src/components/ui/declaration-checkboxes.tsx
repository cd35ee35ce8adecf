/**
 * The seller's four declarations, as the post-a-car form asks them and as an inventory import or a
 * feed's key asks them once for every car it brings: each a checkbox with its error under it.
 */
import type { carDeclarationsSchema } from '@redline/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { controlA11y, errorIdFor } from './form-field.tsx';

export type DeclarationName = keyof z.infer<typeof carDeclarationsSchema>;

const DECLARATIONS: readonly { name: DeclarationName; label: string }[] = [
  { name: 'noAccident', label: 'This car has no accident history.' },
  { name: 'noLitigation', label: 'This car is not involved in any litigation.' },
  { name: 'odometerGenuine', label: 'The odometer has not been tampered with.' },
  {
    name: 'acceptLegalAction',
    label: 'I accept legal action against me if any information I give here is false.',
  },
];

type DeclarationCheckboxesProps = {
  /** The checkbox's id (its label's `for`), unique on the page. */
  idOf: (name: DeclarationName) => string;
  /** The form's registration of the declaration's checkbox. */
  register: (name: DeclarationName) => UseFormRegisterReturn;
  errorOf: (name: DeclarationName) => string | undefined;
};

export function DeclarationCheckboxes({ idOf, register, errorOf }: DeclarationCheckboxesProps) {
  return (
    <ul className="flex flex-col gap-2">
      {DECLARATIONS.map((declaration) => {
        const error = errorOf(declaration.name);
        const controlId = idOf(declaration.name);
        return (
          <li key={declaration.name}>
            <label
              htmlFor={controlId}
              className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 transition hover:bg-base-200 ${
                error ? 'border-error' : 'border-base-300'
              }`}
            >
              <input
                type="checkbox"
                className="checkbox checkbox-primary mt-0.5"
                {...controlA11y(controlId, error)}
                {...register(declaration.name)}
              />
              <span>{declaration.label}</span>
            </label>
            {error ? (
              <p id={errorIdFor(controlId)} className="mt-1 text-sm text-error">
                {error}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
