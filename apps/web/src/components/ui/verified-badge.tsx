/**
 * The mark beside the name of a buyer or seller whom an admin has verified: a check seal and
 * "Verified"; screen readers hear "Verified seller" (or buyer).
 */
type VerifiedBadgeProps = {
  /** Who is verified, read out after "Verified". */
  subject?: 'seller' | 'buyer';
  size?: 'sm' | 'md';
};

export function VerifiedBadge({ subject, size = 'sm' }: VerifiedBadgeProps) {
  const icon = size === 'md' ? 16 : 14;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-info/10 px-2 py-0.5 font-semibold whitespace-nowrap text-info ${size === 'md' ? 'text-sm' : 'text-xs'}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width={icon} height={icon} fill="currentColor">
        <path d="M12 1.5 14.6 3.4l3.2-.2 1 3.1 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3.1-3.2-.2L12 22.5l-2.6-1.9-3.2.2-1-3.1-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3.1 3.2.2Z" />
        <path
          d="m8 12.2 2.6 2.6L16.2 9"
          fill="none"
          stroke="var(--color-base-100)"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      Verified{subject ? <span className="sr-only"> {subject}</span> : null}
    </span>
  );
}

/** A person's name followed by the verified badge when they are verified; the badge wraps below when space is short. */
export function NameWithBadge({
  name,
  verified,
  subject,
}: {
  name: string;
  verified: boolean;
  subject?: VerifiedBadgeProps['subject'];
}) {
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-1.5 gap-y-0.5 md:justify-start">
      <span>{name}</span>
      {verified ? <VerifiedBadge subject={subject} /> : null}
    </span>
  );
}

/**
 * The mark of a dealer an admin verified (the business at its address), distinct from a verified
 * person's: a storefront and "Verified dealer", in the success colour.
 */
export function VerifiedDealerBadge() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success/15 px-2 py-0.5 text-sm font-semibold whitespace-nowrap text-success">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width={16}
        height={16}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 9.5 4.5 4h15L21 9.5M3 9.5h18M3 9.5a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v8h14v-8" />
        <path d="m9.5 16 1.8 1.8L15 14" />
      </svg>
      Verified dealer
    </span>
  );
}
