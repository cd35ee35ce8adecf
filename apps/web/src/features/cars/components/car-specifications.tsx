/**
 * The car page's specifications: a row for each fact the seller gave, none for what the car does not
 * say (never a "—"); a title that is not clean is a warning, by the price and in its row.
 */
import { type Car, type Colour, type TitleStatus, VIN_FROM_YEAR } from '@redline/shared';
import type { ReactNode } from 'react';
import { ColourSwatch } from '../../../components/ui/colour-swatch.tsx';
import { CopyIcon, WarningIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../lib/toast.ts';

/** What a title that is not clean tells a buyer. */
const TITLE_WARNINGS: Partial<Record<TitleStatus, string>> = {
  Salvage: 'An insurer declared this car a total loss.',
  Rebuilt: 'This car was declared a total loss, then repaired and inspected to go back on the road.',
  Lemon: 'Its maker bought this car back for a defect that could not be fixed.',
};

export const DRIVETRAIN_NAMES = {
  FWD: 'Front-wheel drive',
  RWD: 'Rear-wheel drive',
  AWD: 'All-wheel drive',
  '4WD': 'Four-wheel drive',
} as const;

/** The warning of a salvage, rebuilt or lemon title, where a buyer sees the price. */
export function TitleWarning({ car }: { car: Pick<Car, 'titleStatus'> }) {
  const warning = car.titleStatus ? TITLE_WARNINGS[car.titleStatus] : undefined;
  if (!warning) return null;
  return (
    <div role="note" className="alert alert-warning alert-soft items-start text-sm">
      <WarningIcon size={18} className="mt-0.5 shrink-0" />
      <p className="text-base-content">
        <span className="font-semibold">{car.titleStatus} title.</span> {warning}
      </p>
    </div>
  );
}

export function CarSpecifications({ car }: { car: Car }) {
  const vinLabel = car.year >= VIN_FROM_YEAR ? 'VIN' : 'Chassis number';
  const rows: [string, ReactNode][] = [
    ['Year', car.year],
    ['Make', car.brand],
    ['Model', car.model],
    ['Trim', car.trim],
    ['Body style', car.bodyStyle],
    ['Transmission', car.transmission],
    ['Drivetrain', car.drivetrain ? `${DRIVETRAIN_NAMES[car.drivetrain]} (${car.drivetrain})` : null],
    ['Engine', car.engine],
    ['Fuel', car.fuel],
    ['Exterior colour', colourText(car.exteriorColour, car.exteriorColourName)],
    ['Interior colour', colourText(car.interiorColour, car.interiorColourName)],
    ['Doors', car.doors],
    ['Seats', car.seats],
    [
      'Previous owners',
      car.previousOwners === 0 ? 'None: the seller is the first owner' : car.previousOwners,
    ],
    ['Title', titleText(car.titleStatus)],
    [vinLabel, car.vin ? <VinText vin={car.vin} label={vinLabel} /> : null],
  ];
  return (
    <section aria-labelledby="car-specifications-title">
      <h2 id="car-specifications-title" className="text-xl font-bold tracking-tight">
        Specifications
      </h2>
      <dl className="mt-3 grid gap-x-8 sm:grid-cols-2">
        {rows
          .filter(([, value]) => value !== null && value !== '')
          .map(([label, value]) => (
            <div
              key={label}
              className="flex items-center justify-between gap-4 border-b border-base-300 py-2.5 text-sm"
            >
              <dt className="shrink-0 text-base-content/70">{label}</dt>
              <dd className="min-w-0 text-right font-medium">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

/** "Rosso Corsa (Red)": the maker's name and the palette colour; either alone; null with neither. */
export function colourName(colour: Colour | null, name: string | null): string | null {
  return colour && name ? `${name} (${colour})` : (colour ?? name);
}

/** The colour's name with a swatch of its palette colour. */
export function colourText(colour: Colour | null, name: string | null): ReactNode {
  if (!colour) return name;
  return (
    <span className="inline-flex items-center gap-2">
      <ColourSwatch colour={colour} />
      {colourName(colour, name)}
    </span>
  );
}

/** The title's status, a warning badge when it is not clean. */
export function titleText(status: TitleStatus | null): ReactNode {
  if (!status || !TITLE_WARNINGS[status]) return status;
  return (
    <span className="badge badge-warning gap-1 font-semibold">
      <WarningIcon size={14} />
      {status}
    </span>
  );
}

/** The VIN (or chassis number), with a button that copies it. */
function VinText({ vin, label }: { vin: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(vin);
      toast.success(`${label} copied`);
    } catch {
      toast.error(`Could not copy the ${label}: select it and copy it.`);
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <span className="select-all break-all font-mono">{vin}</span>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-square"
        aria-label={`Copy the ${label}`}
        title={`Copy the ${label}`}
        onClick={() => void copy()}
      >
        <CopyIcon size={14} />
      </button>
    </span>
  );
}
