import { lastBookableDate, localDateString, TEST_DRIVE_HOURS } from '@redline/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../components/ui/form-field.tsx';

/**
 * A test drive's date and time, offering the days the booking rules allow (today to the horizon)
 * and quarter hours within the test-drive hours: the booking form's and the seller's proposal's.
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
      <TextField
        id={`${idPrefix}-time`}
        label="Time"
        type="time"
        step={900}
        min={TEST_DRIVE_HOURS.from}
        max={TEST_DRIVE_HOURS.to}
        error={errors.time}
        {...time}
      />
    </>
  );
}
