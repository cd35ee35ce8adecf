/**
 * The navigation bar's search field: a WAI-ARIA combobox with a list of suggestions (brands and
 * models that complete what is typed, asked once typing pauses). Arrow keys move through the list,
 * Enter searches for the chosen suggestion or for the text, Escape closes the list, then clears the
 * text, then leaves. Loaded when the search box is first used (search-box.tsx), to keep it off the
 * first page's JavaScript.
 */
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/auth.ts';
import { useCarSuggestions } from '../api/suggest-cars.ts';
import { EMPTY_SEARCH, serializeSearch } from '../utils/search-params.ts';
import { SearchGlyph } from './search-glyph.tsx';

/** How long typing must pause before suggestions are asked for. */
const DEBOUNCE_MS = 200;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export type SearchComboboxProps = {
  /** What was typed before the combobox took over. */
  initialText?: string;
  autoFocus?: boolean;
  /** Escape on an empty, closed field, or a search made: e.g. the phone's search row closes. */
  onDone?: () => void;
};

export function SearchCombobox({ initialText = '', autoFocus = false, onDone }: SearchComboboxProps) {
  const navigate = useNavigate();
  const me = useMe();
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(initialText !== '');
  const [active, setActive] = useState(-1);
  const typed = useDebounced(text.trim());
  const suggestions = useCarSuggestions(typed, Boolean(me.data));
  const items = text.trim() === '' ? [] : (suggestions.data?.items ?? []);
  const expanded = open && items.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;

  const search = (q: string) => {
    setOpen(false);
    setActive(-1);
    navigate(paths.search(serializeSearch({ ...EMPTY_SEARCH, q: q.trim() || undefined })));
    onDone?.();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (items.length === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        setOpen(true);
        setActive((index) => {
          if (!expanded || index === -1) return down ? 0 : items.length - 1;
          return (index + (down ? 1 : -1) + items.length) % items.length;
        });
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const chosen = expanded && active >= 0 ? items[active] : undefined;
        if (chosen) setText(chosen.label);
        search(chosen ? chosen.label : text);
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else if (text !== '') setText('');
        else onDone?.();
        return;
    }
  };

  return (
    <search aria-label="Cars" className="relative block w-full">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          search(text);
        }}
      >
        <label className="input input-sm w-full gap-2 rounded-full">
          <span className="text-base-content/60">
            <SearchGlyph size={16} />
          </span>
          <input
            type="search"
            role="combobox"
            aria-label="Search cars"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            // The search box was just clicked or focused: this field replaces it.
            // biome-ignore lint/a11y/noAutofocus: focus moves here from the field it replaces.
            autoFocus={autoFocus}
            placeholder="Search brand or model"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              setOpen(false);
              setActive(-1);
            }}
          />
        </label>
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute right-0 top-full z-50 mt-1 w-full min-w-72 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {items.map((item, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: keys act in the field (aria-activedescendant), not on options.
          <div
            key={item.label}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            // Keeps the focus in the field, so that the click below searches before it blurs.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              setText(item.label);
              search(item.label);
            }}
            onMouseMove={() => setActive(index)}
            className={`flex cursor-pointer flex-row items-center justify-between gap-3 rounded-field px-3 py-2 text-sm ${index === active ? 'bg-base-200' : ''}`}
          >
            <span className="font-medium">{item.label}</span>
            <span className="text-xs text-base-content/60">
              {item.model === null ? 'Brand' : 'Model'} · {item.count} for sale
            </span>
          </div>
        ))}
      </div>
    </search>
  );
}
