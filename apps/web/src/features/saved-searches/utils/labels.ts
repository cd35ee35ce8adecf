/** How saved searches and their alerts are named: the suggested name, the save dialog's choice, the list's select. */
import { type AlertFrequency, SAVED_SEARCH_NAME_MAX } from '@redline/shared';

export const FREQUENCY_CHOICES: Record<AlertFrequency, { label: string; description: string }> = {
  instant: { label: 'As soon as a car is posted', description: 'One notification for each new car.' },
  daily: { label: 'Once a day, in a digest', description: 'The day’s new cars in one notification.' },
};

/** The saved searches' select: a word or two each. */
export const FREQUENCY_NAMES: Record<AlertFrequency, string> = { instant: 'Instant', daily: 'Daily digest' };

/** A filter of a saved search by the name the search page's chip gives it (features/search, `filterNames`). */
export type FilterName = { id: string; label: string };

/**
 * A search's name to start from: what it narrows by, as its chips say it (the searched text without
 * the chip's quotes: wherever a name is shown, it is quoted once), cut to the longest name.
 */
export function suggestedName(names: FilterName[]): string {
  const name = names
    .map(({ id, label }) => (id === 'q' ? label.replace(/^“(.*)”$/s, '$1') : label))
    .join(' · ');
  return name.length > SAVED_SEARCH_NAME_MAX
    ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…`
    : name;
}
