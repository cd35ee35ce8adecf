import { lastBookableDate, localDateString } from '@redline/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field.tsx';

/**
 * A test drive's date and time, offering the days the booking rules allow (today to the horizon)
 * and quarter hours: the booking form's and the seller's proposal's.
 */
export function TestDriveTimeFields({
  idPrefix,
  date,
  time,
  errors,
}: {
  idPrefix: string;
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
  errors: { date?: string; time?: string };
}) {
  const today = new Date();
  return (
    <>
      <TextField
        id={`${idPrefix}-date`}
        label="Date"
        type="date"
        min={localDateString(today)}
        max={lastBookableDate(today)}
        error={errors.date}
        {...date}
      />
      <TextField id={`${idPrefix}-time`} label="Time" type="time" step={900} error={errors.time} {...time} />
    </>
  );
}
