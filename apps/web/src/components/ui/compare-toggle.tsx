import {
  COMPARE_FULL_MESSAGE,
  type ComparedCar,
  toggleCompared,
  useComparedCars,
} from '../../lib/compare-list.ts';
import { toast } from '../../lib/toast.ts';
import { CompareIcon } from './icons.tsx';

/**
 * "Compare": puts the car on the visitor's comparison list or takes it off (lib/compare-list.ts), a
 * toggle button named after the car (a list has many), whose pressed state says which. A fifth car is refused with a toast saying why.
 * `className` sizes and places it where it stands (over a card's photo, a car page's header, a list's row).
 */
export function CompareToggle({ car, className = 'btn-sm' }: { car: ComparedCar; className?: string }) {
  const chosen = useComparedCars().some((compared) => compared.id === car.id);
  const toggle = () => {
    if (toggleCompared(car) === 'full') toast.error(COMPARE_FULL_MESSAGE);
  };
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={`Compare ${car.name}`}
      className={`btn gap-1.5 ${chosen ? 'btn-primary' : 'border-base-300 bg-base-100 hover:bg-base-200'} ${className}`}
      onClick={toggle}
    >
      <CompareIcon />
      Compare
    </button>
  );
}
