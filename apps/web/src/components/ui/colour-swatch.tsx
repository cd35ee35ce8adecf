/** The palette's colours as a buyer sees them: a small round swatch beside the colour's name. */
import type { Colour } from '@redline/shared';

/** How each colour of the palette is drawn; the same in the light and the dark theme. */
const SWATCH: Record<Colour, string> = {
  Black: '#111111',
  White: '#f8f8f6',
  Silver: '#c0c4c8',
  Grey: '#7a7f85',
  Red: '#c8102e',
  Blue: '#1f4fa8',
  Green: '#2e7d32',
  Yellow: '#f5c518',
  Orange: '#ef6c00',
  Brown: '#6d4c2f',
  Beige: '#d8c7a3',
  Gold: '#c9a227',
  Purple: '#6a3d9a',
};

/** A swatch for decoration: the colour's name is always written beside it. */
export function ColourSwatch({ colour, className = 'size-4' }: { colour: Colour; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full border border-base-content/40 ${className}`}
      style={{ backgroundColor: SWATCH[colour] }}
    />
  );
}
