/** The Redline mark: a rev gauge with its needle in the red zone. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" width={size} height={size} className="shrink-0">
      <rect width="64" height="64" rx="14" className="fill-neutral" />
      <path
        d="M12 42a20 20 0 0 1 34.6-13.7"
        fill="none"
        className="stroke-neutral-content"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path
        d="M46.6 28.3A20 20 0 0 1 52 42"
        fill="none"
        stroke="#e0242f"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path d="M32 42 47 25" stroke="#e0242f" strokeWidth="4" strokeLinecap="round" />
      <circle cx="32" cy="42" r="4.5" className="fill-neutral-content" />
    </svg>
  );
}
