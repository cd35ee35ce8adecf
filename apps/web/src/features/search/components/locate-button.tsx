/** "Use my location", which asks the browser where the visitor is (hooks/use-locate.ts). */
export function LocateButton({
  locating,
  onLocate,
  className,
}: {
  locating: boolean;
  onLocate: () => void;
  className: string;
}) {
  return (
    <button type="button" className={className} disabled={locating} onClick={onLocate}>
      {locating ? 'Finding your location…' : 'Use my location'}
    </button>
  );
}
