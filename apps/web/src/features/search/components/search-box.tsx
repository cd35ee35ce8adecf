/**
 * The navigation bar's search: a field on large screens, and on smaller ones a button that opens a
 * row below the bar. Both are light stand-ins until first used (pointer, focus or click): then the
 * combobox (search-combobox.tsx) loads and takes the field's place, with what was typed, so the
 * first page carries none of its code. Before the page's scripts run, the field is a plain form.
 */
import { type ComponentType, useRef, useState } from 'react';
import { paths } from '../../../config/paths.ts';
import { useOpenUntilNavigation } from '../../../lib/use-open-until-navigation.ts';
import type { SearchComboboxProps } from './search-combobox.tsx';
import { SearchGlyph } from './search-glyph.tsx';

type Loaded = { Combobox: ComponentType<SearchComboboxProps>; text: string; focused: boolean };

export function SearchBox() {
  const field = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);
  const [loaded, setLoaded] = useState<Loaded>();
  const [rowOpen, setRowOpen] = useOpenUntilNavigation();

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('./search-combobox.tsx').then(
      ({ SearchCombobox }) =>
        setLoaded({
          Combobox: SearchCombobox,
          text: field.current?.value ?? '',
          focused: document.activeElement === field.current,
        }),
      () => {
        loading.current = false;
      },
    );
  };
  const closeRow = () => {
    setRowOpen(false);
    toggle.current?.focus();
  };

  return (
    <>
      <div className="hidden w-60 xl:block 2xl:w-72">
        {loaded ? (
          <loaded.Combobox initialText={loaded.text} autoFocus={loaded.focused} />
        ) : (
          <search aria-label="Cars">
            <form action={paths.search()}>
              <label className="input input-sm w-full gap-2 rounded-full">
                <span className="text-base-content/60">
                  <SearchGlyph size={16} />
                </span>
                <input
                  ref={field}
                  type="search"
                  name="q"
                  aria-label="Search cars"
                  autoComplete="off"
                  placeholder="Search brand or model"
                  onFocus={load}
                  onPointerEnter={load}
                />
              </label>
            </form>
          </search>
        )}
      </div>
      <button
        ref={toggle}
        type="button"
        className="btn btn-ghost btn-square xl:hidden"
        aria-label={rowOpen ? 'Close search' : 'Search cars'}
        aria-expanded={rowOpen}
        onPointerEnter={load}
        onClick={() => {
          load();
          setRowOpen((open) => !open);
        }}
      >
        <SearchGlyph size={20} cross={rowOpen} />
      </button>
      {rowOpen ? (
        <div className="absolute inset-x-0 top-full border-b border-base-300 bg-base-100 px-4 py-3 shadow-md xl:hidden">
          <div className="mx-auto max-w-xl">
            {loaded ? (
              <loaded.Combobox autoFocus onDone={closeRow} />
            ) : (
              <span
                role="status"
                className="loading loading-spinner loading-sm"
                aria-label="Loading search"
              />
            )}
          </div>
        </div>
      ) : null}
    </>
  );
}
