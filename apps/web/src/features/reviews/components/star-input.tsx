import { useId, useState } from 'react';
import { ChoiceFieldset } from '../../../components/ui/form-field.tsx';
import { STAR_WORDS } from '../utils/rating.ts';
import { StarShape } from './stars.tsx';

type StarInputProps = {
  /** What is rated, as the legend says it: "Experience". */
  label: string;
  /** 1 to 5; undefined until chosen. */
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string;
  /** Focus starts here when its dialog opens. */
  autoFocus?: boolean;
};

/**
 * 1 to 5 stars as a group of radio buttons: the arrow keys move between them as in any radio group,
 * each reads out as "4 stars, Very good", and the stars up to the one pointed at light up. On a
 * phone each star is a 44 px tap target.
 */
export function StarInput({ label, value, onChange, error, autoFocus = false }: StarInputProps) {
  const name = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const shown = pointed ?? value ?? 0;

  return (
    <ChoiceFieldset id={name} legend={label} error={error}>
      <div className="flex items-center gap-3">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: leaving the stars ends the hover preview only */}
        <div className="flex" onMouseLeave={() => setPointed(null)}>
          {STAR_WORDS.map((word, index) => {
            const stars = index + 1;
            return (
              <label
                key={word}
                className="flex cursor-pointer rounded-field p-2 has-focus-visible:outline-2 has-focus-visible:outline-primary sm:p-0.5"
                onMouseEnter={() => setPointed(stars)}
              >
                <input
                  type="radio"
                  name={name}
                  value={stars}
                  checked={value === stars}
                  onChange={() => onChange(stars)}
                  className="sr-only"
                  data-autofocus={
                    autoFocus && (value === undefined ? stars === 1 : value === stars) ? true : undefined
                  }
                />
                <span className="sr-only">
                  {stars} {stars === 1 ? 'star' : 'stars'}, {word}
                </span>
                <StarShape fill={stars <= shown ? 1 : 0} size="lg" />
              </label>
            );
          })}
        </div>
        <span className="text-sm text-base-content/75" aria-hidden="true">
          {shown ? STAR_WORDS[shown - 1] : 'Not rated'}
        </span>
      </div>
    </ChoiceFieldset>
  );
}
