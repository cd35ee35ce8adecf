/**
 * The magnifier and the cross, drawn here rather than taken from components/ui/icons.tsx: that
 * module would come into the first page's JavaScript whole.
 */
export function SearchGlyph({ size, cross = false }: { size: number; cross?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className="shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      {cross ? (
        <path d="M6 6l12 12M18 6 6 18" />
      ) : (
        <path d="M17 17l3 3M11 17.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Z" />
      )}
    </svg>
  );
}
