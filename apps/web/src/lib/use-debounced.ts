import { useEffect, useState } from 'react';

/** How long typing must pause before what was typed is asked about (suggestions, the catalogue). */
const DEBOUNCE_MS = 200;

/** `value` once it has stayed the same for a moment. */
export function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}
