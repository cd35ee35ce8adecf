/**
 * Labelled form controls: a visible <label>, the control, and its error message linked by
 * aria-describedby. Spread react-hook-form's `register(...)` into TextField / TextAreaField.
 */
import type { ComponentProps, ReactNode } from 'react';

export const errorIdFor = (id: string) => `${id}-error`;

type FieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
};

export function Field({ id, label, error, hint, children }: FieldProps) {
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1 text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={errorIdFor(id)} className="text-error text-sm">
          {error}
        </p>
      ) : hint ? (
        <p className="text-base-content/75 text-xs">{hint}</p>
      ) : null}
    </div>
  );
}

/** A group of choices (radio buttons) under a legend, its error message linked as a Field's is. */
export function ChoiceFieldset({
  id,
  legend,
  error,
  children,
}: {
  id: string;
  legend: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      className="fieldset py-1"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorIdFor(id) : undefined}
    >
      <legend className="fieldset-legend pb-1 text-sm font-medium">{legend}</legend>
      {children}
      {error ? (
        <p id={errorIdFor(id)} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Props every control inside a Field needs for assistive technology. */
export function controlA11y(id: string, error?: string) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorIdFor(id) : undefined,
  } as const;
}

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function TextField({ id, label, error, hint, className = '', ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        {...controlA11y(id, error)}
        {...input}
      />
    </Field>
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ id, label, error, hint, className = '', ...textarea }: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
        {...controlA11y(id, error)}
        {...textarea}
      />
    </Field>
  );
}
