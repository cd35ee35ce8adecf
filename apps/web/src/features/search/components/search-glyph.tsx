import { Icon } from '../../../components/ui/icon.tsx';

/** The search box's magnifier, or the cross that closes it. */
export function SearchGlyph({ size, cross = false }: { size: number; cross?: boolean }) {
  return (
    <Icon size={size} className="shrink-0" strokeWidth={2}>
      {cross ? (
        <path d="M6 6l12 12M18 6 6 18" />
      ) : (
        <path d="M17 17l3 3M11 17.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Z" />
      )}
    </Icon>
  );
}
