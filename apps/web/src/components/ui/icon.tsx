/**
 * The frame of every line icon: a 24-unit square drawn with the text's colour, decorative, so hidden
 * from assistive technology. A module of its own, so that a page that draws one icon of its own (the
 * navigation bar's magnifier) does not bring every icon of icons.tsx into the first page.
 */
import type { ReactNode } from 'react';

export type IconProps = { size?: number; className?: string };

export function Icon({
  size = 16,
  className,
  strokeWidth = 1.8,
  children,
}: IconProps & { strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
