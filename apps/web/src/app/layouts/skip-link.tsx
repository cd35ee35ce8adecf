export function SkipLink() {
  return (
    <a
      href="#main"
      className="btn btn-primary btn-sm sr-only z-[70] focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
    >
      Skip to content
    </a>
  );
}
