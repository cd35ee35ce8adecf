/** Small line icons shared by the pages and features; decorative, so hidden from assistive technology. */

import { Icon, type IconProps } from './icon.tsx';

export function OdometerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 17a8.5 8.5 0 1 1 15 0" />
      <path d="m12 13 3.5-4" />
      <circle cx="12" cy="13.5" r="1.2" />
    </Icon>
  );
}

export function PinIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
      <circle cx="12" cy="10" r="2.2" />
    </Icon>
  );
}

export function FuelIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 20V5.5A1.5 1.5 0 0 1 6.5 4h6A1.5 1.5 0 0 1 14 5.5V20M3.5 20h12M5 10h9" />
      <path d="m14 8 3 3v6.5a1.5 1.5 0 0 0 3 0V9l-3-3" />
    </Icon>
  );
}

export function EngineIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 8h8l2 2h2v6h-2l-2 2H9l-2-2H5v-3H3v-2h2V8h2Zm0 0V5.5M11 5.5h-4" />
    </Icon>
  );
}

export function SpeedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 3 4 14h7l-1 7 9-11h-7l1-7Z" />
    </Icon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <Icon size={18} {...props} strokeWidth={2}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </Icon>
  );
}

export function CarIcon(props: IconProps) {
  return (
    <Icon size={40} {...props} strokeWidth={1.4}>
      <path d="M3 15.5v-3l2-4.5A2 2 0 0 1 6.8 7h10.4a2 2 0 0 1 1.8 1l2 4.5v3a1 1 0 0 1-1 1h-1.5M5.5 16.5H4a1 1 0 0 1-1-1M9.5 16.5h5M3 12.5h18" />
      <circle cx="7.5" cy="16.5" r="2" />
      <circle cx="16.5" cy="16.5" r="2" />
    </Icon>
  );
}

export function ShareIcon(props: IconProps) {
  return (
    <Icon {...props} strokeWidth={2}>
      <path d="M12 15V3.5M7.5 8 12 3.5 16.5 8" />
      <path d="M8 11H6.5A1.5 1.5 0 0 0 5 12.5v7A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5v-7a1.5 1.5 0 0 0-1.5-1.5H16" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon size={18} {...props} strokeWidth={2}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

/** Filters: three sliders. */
export function FiltersIcon(props: IconProps) {
  return (
    <Icon size={18} {...props} strokeWidth={2}>
      <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
      <circle cx="15" cy="6" r="2" />
      <circle cx="9" cy="12" r="2" />
      <circle cx="17" cy="18" r="2" />
    </Icon>
  );
}

/** A bell: notifications, and the alerts of a saved search. */
export function BellIcon(props: IconProps) {
  return (
    <Icon size={22} {...props}>
      <path d="M6 9.5a6 6 0 0 1 12 0c0 4.5 1.5 6 2 6.5H4c.5-.5 2-2 2-6.5Z" />
      <path d="M10 19.5a2 2 0 0 0 4 0" />
    </Icon>
  );
}

export function CopyIcon(props: IconProps) {
  return (
    <Icon {...props} strokeWidth={2}>
      <rect x="8" y="8" width="12" height="12" rx="1.5" />
      <path d="M16 8V5.5A1.5 1.5 0 0 0 14.5 4h-9A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8" />
    </Icon>
  );
}

export function WarningIcon(props: IconProps) {
  return (
    <Icon {...props} strokeWidth={2}>
      <path d="M12 4 2.5 20h19L12 4Z" />
      <path d="M12 10v4.5M12 17.5v.01" />
    </Icon>
  );
}

/** Two columns side by side: a comparison. */
export function CompareIcon(props: IconProps) {
  return (
    <Icon {...props} strokeWidth={2}>
      <rect x="3.5" y="4" width="7" height="16" rx="1.5" />
      <rect x="13.5" y="4" width="7" height="16" rx="1.5" />
    </Icon>
  );
}
