/**
 * The week's opening hours, a day a row: open or closed, then one range or two (a lunch break), each
 * with the phone's own time pickers; a range closing at or before it opens closes after midnight, said
 * beside it (only without a break). Rows wrap on a narrow screen; "Copy Monday to weekdays" saves
 * typing the same hours five times.
 */
import {
  type OpeningHours,
  type OpeningRange,
  pastMidnight,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type Weekday,
} from '@redline/shared';
import type { FieldErrors } from 'react-hook-form';

const FIRST_RANGE: OpeningRange = { open: '09:00', close: '17:00' };
const WORKDAYS: Weekday[] = ['tuesday', 'wednesday', 'thursday', 'friday'];

/** A range cut by a lunch break (12:00–13:00 when it spans it), else followed by an evening range. */
function withBreak(range: OpeningRange): OpeningRange[] {
  if (range.open < '12:00' && range.close > '13:00')
    return [
      { open: range.open, close: '12:00' },
      { open: '13:00', close: range.close },
    ];
  return [range, { open: range.close, close: '23:59' }];
}

type DayErrors = FieldErrors<OpeningRange>[] & { message?: string; root?: { message?: string } };

type HoursEditorProps = {
  id: string;
  value: OpeningHours;
  onChange: (hours: OpeningHours) => void;
  errors?: Partial<Record<Weekday, unknown>>;
};

export function HoursEditor({ id, value, onChange, errors }: HoursEditorProps) {
  const setDay = (day: Weekday, ranges: OpeningRange[]) => onChange({ ...value, [day]: ranges });
  const setRange = (day: Weekday, index: number, change: Partial<OpeningRange>) =>
    setDay(
      day,
      value[day].map((range, i) => (i === index ? { ...range, ...change } : range)),
    );

  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
        {WEEKDAYS.map((day) => {
          const ranges = value[day];
          const open = ranges.length > 0;
          const dayErrors = errors?.[day] as DayErrors | undefined;
          const dayMessage = dayErrors?.message ?? dayErrors?.root?.message;
          const rangeMessages = [0, 1].flatMap((i) => {
            const error = dayErrors?.[i];
            return [error?.open?.message, error?.close?.message].filter((m): m is string => Boolean(m));
          });
          const messages = [dayMessage, ...rangeMessages].filter((m): m is string => Boolean(m));
          const toggleId = `${id}-${day}-open`;
          return (
            <li key={day} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start">
              <label htmlFor={toggleId} className="flex min-w-36 cursor-pointer items-center gap-3 py-1">
                <input
                  id={toggleId}
                  type="checkbox"
                  className="toggle toggle-primary toggle-sm"
                  checked={open}
                  onChange={(event) => setDay(day, event.target.checked ? [FIRST_RANGE] : [])}
                />
                <span className="font-medium">{WEEKDAY_NAMES[day]}</span>
              </label>
              <div className="flex flex-1 flex-col gap-2">
                {open ? (
                  ranges.map((range, index) => (
                    <fieldset
                      key={index === 0 ? 'first' : 'second'}
                      className="flex flex-wrap items-center gap-2"
                    >
                      <legend className="sr-only">
                        {WEEKDAY_NAMES[day]}, {index === 0 ? 'first' : 'second'} range
                      </legend>
                      <input
                        type="time"
                        className="input input-sm w-32"
                        aria-label={`${WEEKDAY_NAMES[day]} opens${index ? ' again' : ''}`}
                        value={range.open}
                        onChange={(event) => setRange(day, index, { open: event.target.value })}
                      />
                      <span aria-hidden="true">–</span>
                      <input
                        type="time"
                        className="input input-sm w-32"
                        aria-label={`${WEEKDAY_NAMES[day]} closes${index ? ' again' : ''}`}
                        value={range.close}
                        onChange={(event) => setRange(day, index, { close: event.target.value })}
                      />
                      {pastMidnight(range) ? (
                        <span className="text-sm text-base-content/70">the next day</span>
                      ) : null}
                      {index === 1 ? (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => setDay(day, ranges.slice(0, 1))}
                        >
                          Remove the break
                        </button>
                      ) : ranges.length === 1 && !pastMidnight(range) ? (
                        <button
                          type="button"
                          className="btn btn-ghost btn-sm"
                          onClick={() => setDay(day, withBreak(range))}
                        >
                          Add a break
                        </button>
                      ) : null}
                    </fieldset>
                  ))
                ) : (
                  <p className="py-1 text-sm text-base-content/70">Closed</p>
                )}
                {messages.map((message) => (
                  <p key={message} className="text-sm text-error">
                    {message}
                  </p>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        onClick={() =>
          onChange({ ...value, ...Object.fromEntries(WORKDAYS.map((day) => [day, value.monday])) })
        }
      >
        Copy Monday to weekdays
      </button>
    </div>
  );
}
