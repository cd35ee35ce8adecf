import { REPORT_DETAILS_MAX_LENGTH } from '@redline/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField } from './form-field.tsx';

type ReportFieldsProps = {
  /** Prefixes the fields' ids: `report`, `review-report`. */
  id: string;
  legend: string;
  reasons: readonly string[];
  reason: UseFormRegisterReturn;
  details: UseFormRegisterReturn;
  /** "Other" needs details (the shared `reportInput`'s rule): the label says so. */
  detailsRequired: boolean;
  detailsLength: number;
  placeholder: string;
  errors: { reason?: string; details?: string };
};

/** A report's reason, one of the list as radio buttons, and its details with their counter. */
export function ReportFields({
  id,
  legend,
  reasons,
  reason,
  details,
  detailsRequired,
  detailsLength,
  placeholder,
  errors,
}: ReportFieldsProps) {
  const reasonErrorId = `${id}-reason-error`;
  return (
    <>
      <fieldset
        className="fieldset"
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? reasonErrorId : undefined}
      >
        <legend className="fieldset-legend pb-1 text-sm font-medium">{legend}</legend>
        <div className="flex flex-col gap-1">
          {reasons.map((option, index) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-3 rounded-box border border-base-300 px-3 py-2.5 transition hover:bg-base-200 has-checked:border-primary has-checked:bg-primary/5"
            >
              <input
                type="radio"
                className="radio radio-primary radio-sm"
                value={option}
                data-autofocus={index === 0 ? true : undefined}
                {...reason}
              />
              <span className="text-sm font-medium">{option}</span>
            </label>
          ))}
        </div>
        {errors.reason ? (
          <p id={reasonErrorId} className="text-sm text-error">
            {errors.reason}
          </p>
        ) : null}
      </fieldset>

      <TextAreaField
        id={`${id}-details`}
        label={detailsRequired ? 'Details' : 'Details (optional)'}
        rows={4}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        placeholder={placeholder}
        hint={`${detailsLength}/${REPORT_DETAILS_MAX_LENGTH} characters`}
        error={errors.details}
        {...details}
      />
    </>
  );
}
