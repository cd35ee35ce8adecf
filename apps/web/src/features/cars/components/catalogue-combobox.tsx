/**
 * The car form's make or model: a combobox over the catalogue's names that match what is typed
 * (aliases and typos included: "vw" offers Volkswagen), whose last option enters the typed text as a
 * make or model the catalogue lacks ("other"), for the admins to review.
 */
import type { ReactNode } from 'react';
import { ComboboxList, useCombobox } from '../../../components/ui/combobox.tsx';
import { controlA11y, Field } from '../../../components/ui/form-field.tsx';

/** A make or a model of the catalogue. */
export type CatalogueEntry = { id: number; name: string };

/** What the seller picked: an entry of the catalogue, or their own words (id null). */
export type CataloguePick = { id: number | null; name: string };

type Option = { entry: CatalogueEntry } | { typed: string };

type CatalogueComboboxProps = {
  id: string;
  label: string;
  /** The field's text, as the form holds it. */
  value: string;
  onChange: (text: string) => void;
  /** The catalogue's entries that match the text (the server ranks them). */
  entries: readonly CatalogueEntry[];
  /**
   * Whether the catalogue is still to answer for the text: the option of the seller's own words
   * waits for it, so that a quick Enter does not pass over the catalogue's own name.
   */
  asking: boolean;
  onPick: (pick: CataloguePick) => void;
  /** Whether the text is the seller's own words, not the catalogue's: a note says the admins review it. */
  isOther: boolean;
  placeholder: string;
  error?: string;
  /** What the field says when no error and no note does. */
  hint?: ReactNode;
  /** The field is being used (the catalogue is asked only then), and left. */
  onFocus: () => void;
  onBlur: () => void;
};

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export function CatalogueCombobox({
  id,
  label,
  value,
  onChange,
  entries,
  asking,
  onPick,
  isOther,
  placeholder,
  error,
  hint,
  onFocus,
  onBlur,
}: CatalogueComboboxProps) {
  const typed = value.trim();
  const exact = entries.find((entry) => sameName(entry.name, typed));
  const options: Option[] = [
    ...entries.map((entry) => ({ entry })),
    ...(typed !== '' && !exact && !asking ? [{ typed }] : []),
  ];
  const pick = (option: Option) => {
    const chosen = 'entry' in option ? option.entry : { id: null, name: option.typed };
    onChange(chosen.name);
    onPick(chosen);
  };
  const combobox = useCombobox({ items: options, onChoose: pick });

  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={
        isOther && typed !== '' ? `“${typed}” is not in our catalogue yet: the admins will review it.` : hint
      }
    >
      <div className="relative">
        <input
          type="text"
          className={`input w-full ${error ? 'input-error' : ''}`}
          placeholder={placeholder}
          {...controlA11y(id, error)}
          {...combobox.inputProps}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            combobox.typed();
          }}
          onFocus={() => {
            onFocus();
            combobox.typed();
          }}
          onBlur={() => {
            combobox.close();
            // A name typed out in full is the catalogue's entry, as if it had been picked.
            if (exact && !isOther) onPick(exact);
            onBlur();
          }}
        />
        <ComboboxList
          combobox={combobox}
          items={options}
          label={`${label} suggestions`}
          itemKey={(option) => ('entry' in option ? String(option.entry.id) : `typed:${option.typed}`)}
          className="left-0 w-full"
        >
          {(option) =>
            'entry' in option ? (
              <span className="font-medium">{option.entry.name}</span>
            ) : (
              <span>
                Use <span className="font-semibold">“{option.typed}”</span>{' '}
                <span className="text-base-content/70">— not in the list</span>
              </span>
            )
          }
        </ComboboxList>
      </div>
    </Field>
  );
}
