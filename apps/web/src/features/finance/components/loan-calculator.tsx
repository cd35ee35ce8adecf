/**
 * The payment calculator's fields, its result and the amortisation schedule: the arithmetic of
 * `@redline/shared` (loan-payments.ts), on fields read by its zod rules (payment-calculator.ts).
 */
import {
  formatCharge,
  formatTaxRate,
  type Loan,
  type LoanField,
  type LoanInput,
  type LoanTerms,
  loanInputSchema,
  loanOf,
  STATE_SALES_TAX,
  stateSalesTax,
} from '@redline/shared';
import { type ComponentProps, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { controlA11y, Field } from '../../../components/ui/form-field.tsx';
import { LOAN_FIELDS, loanDefaults, loanFieldsOf, withLoanFields } from '../utils/loan-fields.ts';

/** The loan's terms, or each field's first message when its text breaks a rule. */
function termsOf(fields: LoanInput): { terms?: LoanTerms; errors: Partial<Record<LoanField, string>> } {
  const parsed = loanInputSchema.safeParse(fields);
  if (parsed.success) return { terms: parsed.data, errors: {} };
  const errors: Partial<Record<LoanField, string>> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path[0] as LoanField;
    errors[name] ??= issue.message;
  }
  return { errors };
}

export function LoanCalculator({ askingPrice, region }: { askingPrice: number; region: string | undefined }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const defaults = useMemo(() => loanDefaults(askingPrice, region), [askingPrice, region]);
  const [fields, setFields] = useState(() => loanFieldsOf(params, defaults));
  // The field being typed in says what is wrong with it once it is left, not at every keystroke.
  const [typing, setTyping] = useState<LoanField>();
  const { terms, errors } = termsOf(fields);

  const adopt = (next: LoanInput) => {
    setFields(next);
    // Replacing the address (no new history entry) keeps the page where it is scrolled.
    setParams((current) => withLoanFields(current, next, defaults), { replace: true });
  };
  const change = (name: LoanField, value: string) => adopt({ ...fields, [name]: value });

  // The server's fields take typing before the browser takes the calculator over (it does when the
  // calculator comes near the screen: ADR 61); once it has, what was typed there counts.
  const form = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the browser takes the calculator over.
  useEffect(() => {
    const typed = typedInto(form.current, fields);
    if (typed) adopt(typed);
  }, []);
  const field = (name: LoanField) => {
    const error = name === typing ? undefined : errors[name];
    return {
      error,
      control: {
        ...controlA11y(`${id}-${name}`, error),
        name,
        value: fields[name],
        onBlur: () => setTyping(undefined),
      },
      onChange: (value: string) => {
        setTyping(name);
        change(name, value);
      },
    };
  };

  return (
    <div className="mt-4 flex flex-col gap-5">
      <div ref={form} className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        <AmountField label="Price" {...field('price')} />
        <AmountField label="Down payment" placeholder="0" {...field('down')} />
        <AmountField label="Trade-in value" placeholder="0" {...field('tradeIn')} />
        <AmountField label="APR" unit="%" {...field('apr')} />
        <AmountField label="Term" unit="months" inputMode="numeric" {...field('term')} />
        <Field id={`${id}-state`} label="State" error={errors.state}>
          <select
            className={`select w-full ${errors.state ? 'select-error' : ''}`}
            {...controlA11y(`${id}-state`, errors.state)}
            name="state"
            value={fields.state}
            onChange={(event) => change('state', event.target.value)}
          >
            <option value="">Choose a state</option>
            {STATE_SALES_TAX.map((entry) => (
              <option key={entry.state} value={entry.state}>
                {entry.name}
              </option>
            ))}
          </select>
        </Field>
      </div>

      {terms ? (
        <LoanResult terms={terms} state={fields.state} />
      ) : (
        <p className="rounded-box bg-base-200/60 p-4 text-sm text-base-content/75">
          Correct the figures above to see the monthly payment.
        </p>
      )}
    </div>
  );
}

/** The fields as `container`'s controls hold them, when they differ from `fields`. */
function typedInto(container: HTMLElement | null, fields: LoanInput): LoanInput | undefined {
  const typed = { ...fields };
  for (const name of LOAN_FIELDS) {
    const control = container?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
    if (control) typed[name] = control.value;
  }
  return LOAN_FIELDS.some((name) => typed[name] !== fields[name]) ? typed : undefined;
}

type AmountFieldProps = {
  label: string;
  error: string | undefined;
  control: ReturnType<typeof controlA11y> & Pick<ComponentProps<'input'>, 'name' | 'value' | 'onBlur'>;
  onChange: (value: string) => void;
  placeholder?: string;
  /** What the number counts, after it ("%", "months"); without one, dollars, "$" before it. */
  unit?: string;
  inputMode?: 'decimal' | 'numeric';
};

/** A figure typed as text (so that "25,000" reads as the buyer writes it), its unit beside it. */
function AmountField({
  label,
  error,
  control,
  onChange,
  placeholder,
  unit,
  inputMode = 'decimal',
}: AmountFieldProps) {
  return (
    <Field
      id={control.id}
      label={
        <>
          <span aria-hidden="true">{label}</span>
          <span className="sr-only">{`${label} (${unit ?? 'dollars'})`}</span>
        </>
      }
      error={error}
    >
      <div className={`input w-full ${error ? 'input-error' : ''}`}>
        {unit ? null : (
          <span aria-hidden="true" className="text-base-content/60">
            $
          </span>
        )}
        <input
          {...control}
          type="text"
          inputMode={inputMode}
          autoComplete="off"
          placeholder={placeholder}
          className="min-w-0 grow tabular-nums"
          onChange={(event) => onChange(event.target.value)}
        />
        {unit ? (
          <span aria-hidden="true" className="text-base-content/60">
            {unit}
          </span>
        ) : null}
      </div>
    </Field>
  );
}

/** The monthly payment, what makes it up, and the schedule that repays it. */
function LoanResult({ terms, state }: { terms: LoanTerms; state: string }) {
  const loan = loanOf(terms);
  const tax = stateSalesTax(state)!;
  const last = loan.schedule.at(-1);
  const lines: [string, string][] = [
    ['Price', formatCharge(terms.price)],
    [`Sales tax, ${tax.state} ${formatTaxRate(tax.rate)} (estimate)`, formatCharge(loan.salesTax)],
    ...(terms.downPayment
      ? [['Down payment', `−${formatCharge(terms.downPayment)}`] as [string, string]]
      : []),
    ...(terms.tradeIn ? [['Trade-in value', `−${formatCharge(terms.tradeIn)}`] as [string, string]] : []),
    ['Amount financed', formatCharge(loan.amountFinanced)],
    ['Total interest', formatCharge(loan.totalInterest)],
    ['Total paid', formatCharge(loan.totalPaid)],
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 rounded-box bg-base-200/60 p-4 sm:grid-cols-[auto_1fr] sm:gap-8 sm:p-5">
        <div>
          <p className="text-xs font-medium uppercase tracking-wider text-base-content/70">
            Estimated payment
          </p>
          <p className="mt-1 text-3xl font-extrabold tracking-tight tabular-nums">
            <output>{formatCharge(loan.monthlyPayment)}</output>
            <span className="text-base font-semibold text-base-content/70"> a month</span>
          </p>
          <p className="mt-1 text-sm text-base-content/70">
            {terms.termMonths} {terms.termMonths === 1 ? 'month' : 'months'} at {terms.aprBasisPoints / 100}%
            APR
          </p>
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          {lines.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-base-content/75">{name}</dt>
              <dd className="text-right font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="text-xs text-base-content/70">
        Sales tax is estimated at the state’s base rate on the price less the trade-in: local taxes, fees and
        a state’s own rules for cars are left out. Total paid is the down payment and every monthly payment.
        Your lender’s figures may differ.
      </p>
      {last ? (
        <details className="rounded-box border border-base-300">
          <summary className="cursor-pointer list-inside p-3 font-semibold sm:px-4">
            Payment schedule, {loan.schedule.length} {loan.schedule.length === 1 ? 'month' : 'months'}
          </summary>
          <div className="overflow-x-auto border-t border-base-300">
            {/* On a phone the caption gives the payments, which leaves the columns room for the figures. */}
            <table className="table table-xs whitespace-nowrap tabular-nums sm:table-sm">
              <caption className="px-3 pt-3 text-left text-sm text-base-content/75 sm:px-4">
                {scheduleSummary(loan)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col" className="hidden text-right sm:table-cell">
                    Payment
                  </th>
                  <th scope="col" className="text-right">
                    Interest
                  </th>
                  <th scope="col" className="text-right">
                    Principal
                  </th>
                  <th scope="col" className="text-right">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {loan.schedule.map((row) => (
                  <tr key={row.month}>
                    <th scope="row" className="font-normal">
                      {row.month}
                    </th>
                    <td className="hidden text-right sm:table-cell">{formatCharge(row.payment)}</td>
                    <td className="text-right">{formatCharge(row.interest)}</td>
                    <td className="text-right">{formatCharge(row.principal)}</td>
                    <td className="text-right">{formatCharge(row.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </div>
  );
}

/** "59 payments of $386.66, then $386.41", or "60 payments of $386.66" when the last is the same. */
function scheduleSummary(loan: Loan): string {
  const { schedule, monthlyPayment } = loan;
  const last = schedule.at(-1)!;
  const regular = schedule.length - (last.payment === monthlyPayment ? 0 : 1);
  const payments = `${regular} ${regular === 1 ? 'payment' : 'payments'} of ${formatCharge(monthlyPayment)}`;
  return regular === schedule.length ? payments : `${payments}, then ${formatCharge(last.payment)}`;
}
