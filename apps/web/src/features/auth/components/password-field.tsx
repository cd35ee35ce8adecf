import { type ComponentProps, type ReactNode, useState } from 'react';
import { controlA11y, Field } from '../../../components/ui/form-field.tsx';

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
};

/** A password input with a show/hide toggle. */
export function PasswordField({ id, label, error, hint, className = '', ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''} ${className}`}>
        <input type={visible ? 'text' : 'password'} className="grow" {...controlA11y(id, error)} {...input} />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={id}
          title={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
            />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path strokeLinecap="round" d="M4 20 20 4" /> : null}
          </svg>
        </button>
      </div>
    </Field>
  );
}
