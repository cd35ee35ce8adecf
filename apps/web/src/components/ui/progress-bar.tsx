/** An indeterminate daisyUI progress bar, shown while the user, the role or a page loads. */
export function ProgressBar({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <progress className={`progress progress-primary block h-1 w-full ${className}`} aria-label={label} />
  );
}

/** Full-width bar for the top of a page while it waits for data it cannot render without. */
export function PageProgress({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="w-full" role="status">
      <ProgressBar label={label} />
      <span className="sr-only">{label}…</span>
    </div>
  );
}
