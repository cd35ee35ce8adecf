export function Spinner({ label = 'Loading', size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  const sizes = { sm: 'loading-sm', md: 'loading-md', lg: 'loading-lg' } as const;
  return (
    <span role="status" className="inline-flex items-center">
      <span className={`loading loading-spinner ${sizes[size]}`} aria-hidden="true" />
      <span className="sr-only">{label}…</span>
    </span>
  );
}
