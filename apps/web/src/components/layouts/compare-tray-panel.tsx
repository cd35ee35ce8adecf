/**
 * The compare tray's panel (compare-tray.tsx): the chosen cars' photos and names, each with a button
 * that takes it off, and the link to their comparison, carrying a search's `near`.
 */
import { COMPARE_MAX } from '@redline/shared';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { type ComparedCar, clearCompared, toggleCompared } from '../../lib/compare-list.ts';
import { CloseIcon, CompareIcon } from '../ui/icons.tsx';

export default function CompareTrayPanel({
  chosen,
  near,
}: {
  chosen: readonly ComparedCar[];
  near?: string;
}) {
  return (
    <section
      aria-labelledby="compare-tray-title"
      className="sticky bottom-0 z-30 border-t border-base-300 bg-base-100/95 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 sm:gap-4">
        <h2 id="compare-tray-title" className="hidden shrink-0 text-sm font-semibold md:block">
          Compare{' '}
          <span className="font-normal text-base-content/70">
            {chosen.length} of {COMPARE_MAX}
          </span>
        </h2>
        <ul className="flex min-w-0 flex-1 gap-2 overflow-x-auto py-0.5" aria-label="Cars chosen">
          {chosen.map((car) => (
            <li
              key={car.id}
              className="flex shrink-0 items-center gap-2 rounded-full border border-base-300 bg-base-200/70 p-0.5"
            >
              <img
                src={car.photo}
                alt=""
                width={40}
                height={28}
                className="h-7 w-10 rounded-full object-cover"
                decoding="async"
              />
              <span className="hidden max-w-40 truncate text-xs font-medium lg:inline">{car.name}</span>
              <button
                type="button"
                className="btn btn-ghost btn-circle btn-xs"
                aria-label={`Remove ${car.name} from the comparison`}
                onClick={() => toggleCompared(car)}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-ghost btn-sm hidden sm:inline-flex" onClick={clearCompared}>
          Clear
        </button>
        <Link
          to={paths.compare(
            chosen.map((car) => car.id),
            near,
          )}
          aria-label={`Compare ${chosen.length} ${chosen.length === 1 ? 'car' : 'cars'} side by side`}
          className="btn btn-primary btn-sm shrink-0 gap-1.5"
        >
          <CompareIcon />
          Compare {chosen.length}
        </Link>
      </div>
    </section>
  );
}
