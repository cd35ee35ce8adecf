/**
 * The WAI-ARIA combobox pattern (a text field with a list of options), shared by the navigation
 * bar's search and the car form's make and model: the field keeps the focus and points at the
 * active option (aria-activedescendant); the arrow keys move through the list, wrapping at its
 * ends; Enter chooses the active option; Escape closes the list. What the field does with a choice,
 * with Enter on no option and with Escape on a closed list is the caller's.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';

type ComboboxOptions<T> = {
  /** The options on offer now; the list shows when it is open and has some. */
  items: readonly T[];
  onChoose: (item: T) => void;
  /** Enter with no option active. */
  onEnter?: () => void;
  /** Escape while the list is closed. */
  onEscape?: () => void;
  /** Whether the list starts open (text carried over from another field). */
  initiallyOpen?: boolean;
};

export function useCombobox<T>({
  items,
  onChoose,
  onEnter,
  onEscape,
  initiallyOpen = false,
}: ComboboxOptions<T>) {
  const [open, setOpen] = useState(initiallyOpen);
  const [active, setActive] = useState(-1);
  const expanded = open && items.length > 0;
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (item: T) => {
    close();
    onChoose(item);
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
        const chosen = expanded && active >= 0 ? items[active] : undefined;
        if (chosen !== undefined) {
          event.preventDefault();
          choose(chosen);
        } else if (onEnter) {
          event.preventDefault();
          close();
          onEnter();
        }
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (onEscape) {
          event.preventDefault();
          onEscape();
        }
        return;
    }
  };

  return {
    expanded,
    close,
    /** Spread on the text field; call `typed()` from its onChange as well. */
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      autoComplete: 'off',
      onKeyDown,
      onBlur: close,
    } as const,
    /** The text changed: the list opens on what it now offers, no option active. */
    typed: () => {
      setOpen(true);
      setActive(-1);
    },
    list: { id: listId, active, optionId, choose, setActive },
  };
}

type ComboboxListProps<T> = {
  combobox: ReturnType<typeof useCombobox<T>>;
  items: readonly T[];
  label: string;
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
  className?: string;
};

/** The listbox under a combobox's field: its options, the active one highlighted. */
export function ComboboxList<T>({
  combobox,
  items,
  label,
  itemKey,
  children,
  className = '',
}: ComboboxListProps<T>) {
  const { list, expanded } = combobox;
  const activeId = list.active >= 0 ? list.optionId(list.active) : undefined;
  // A long list scrolls to keep the option the arrow keys reached in sight.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  return (
    <div
      id={list.id}
      role="listbox"
      aria-label={label}
      hidden={!expanded}
      className={`absolute top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg ${className}`}
    >
      {items.map((item, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: keys act in the field (aria-activedescendant), not on options.
        <div
          key={itemKey(item)}
          id={list.optionId(index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === list.active}
          // Keeps the focus in the field, so that the click below chooses before it blurs.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => list.choose(item)}
          onMouseMove={() => list.setActive(index)}
          className={`flex cursor-pointer flex-row items-center justify-between gap-3 rounded-field px-3 py-2 text-sm ${index === list.active ? 'bg-base-200' : ''}`}
        >
          {children(item)}
        </div>
      ))}
    </div>
  );
}
