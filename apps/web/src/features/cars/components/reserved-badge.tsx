/** A car an accepted offer holds for its buyer (issue 48): still shown and saved, taking no other offer. */
export function ReservedBadge({ className = '' }: { className?: string }) {
  return <span className={`badge badge-warning font-semibold ${className}`}>Reserved</span>;
}
