import { CloseIcon } from '../../../components/ui/icons.tsx';
import type { FilterChip } from '../utils/filter-chips.ts';

type ActiveFiltersProps = {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClear: () => void;
};

/** What the search narrows by, each removable, and Clear all; nothing when it narrows by nothing. */
export function ActiveFilters({ chips, onRemove, onClear }: ActiveFiltersProps) {
  if (chips.length === 0) return null;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.id}>
            <button
              type="button"
              className="btn btn-sm h-8 gap-1.5 rounded-full border-primary/30 bg-primary/10 px-3 font-medium text-base-content hover:border-primary/60 hover:bg-primary/15"
              aria-label={`Remove filter: ${chip.label}`}
              onClick={() => onRemove(chip)}
            >
              {chip.label}
              <CloseIcon size={14} />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <button type="button" className="btn btn-ghost btn-sm h-8" onClick={onClear}>
          Clear all
        </button>
      ) : null}
    </div>
  );
}
