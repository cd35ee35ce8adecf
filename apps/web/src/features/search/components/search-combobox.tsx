/**
 * The navigation bar's search field: a WAI-ARIA combobox with a list of suggestions (brands and
 * models that complete what is typed, asked once typing pauses). Arrow keys move through the list,
 * Enter searches for the chosen suggestion or for the text, Escape closes the list, then clears the
 * text, then leaves. Loaded when the search box is first used (search-box.tsx), to keep it off the
 * first page's JavaScript.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ComboboxList, useCombobox } from '../../../components/ui/combobox.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../lib/auth.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCarSuggestions } from '../api/suggest-cars.ts';
import { EMPTY_SEARCH, serializeSearch } from '../utils/search-params.ts';
import { SearchGlyph } from './search-glyph.tsx';

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
  const typed = useDebounced(text.trim());
  const suggestions = useCarSuggestions(typed, Boolean(me.data));
  const items = text.trim() === '' ? [] : (suggestions.data?.items ?? []);

  const search = (q: string) => {
    navigate(paths.search(serializeSearch({ ...EMPTY_SEARCH, q: q.trim() || undefined })));
    onDone?.();
  };
  const combobox = useCombobox({
    items,
    initiallyOpen: initialText !== '',
    onChoose: (item) => {
      setText(item.label);
      search(item.label);
    },
    onEnter: () => search(text),
    onEscape: () => {
      if (text !== '') setText('');
      else onDone?.();
    },
  });

  return (
    <search aria-label="Cars" className="relative block w-full">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          combobox.close();
          search(text);
        }}
      >
        <label className="input input-sm w-full gap-2 rounded-full">
          <span className="text-base-content/60">
            <SearchGlyph size={16} />
          </span>
          <input
            type="search"
            {...combobox.inputProps}
            aria-label="Search cars"
            // The search box was just clicked or focused: this field replaces it.
            // biome-ignore lint/a11y/noAutofocus: focus moves here from the field it replaces.
            autoFocus={autoFocus}
            placeholder="Search brand or model"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              combobox.typed();
            }}
          />
        </label>
      </form>
      <ComboboxList
        combobox={combobox}
        items={items}
        label="Suggestions"
        itemKey={(item) => item.label}
        className="right-0 w-full min-w-72"
      >
        {(item) => (
          <>
            <span className="font-medium">{item.label}</span>
            <span className="text-xs text-base-content/60">
              {item.model === null ? 'Brand' : 'Model'} · {item.count} for sale
            </span>
          </>
        )}
      </ComboboxList>
    </search>
  );
}
