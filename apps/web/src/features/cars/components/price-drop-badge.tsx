import { usePageTime } from '../../../lib/page-time.ts';
import { showsPriceDrop } from '../utils/price-drop.ts';

/**
 * Whether the car shows "Price dropped" now. "Now" is the page's time (lib/page-time.ts), not the
 * clock: a page the server rendered hydrates with the server's answer, which the clock could have
 * changed by then at the badge's last moment.
 */
export function usePriceDropShown(priceDroppedAt: string | null): boolean {
  return showsPriceDrop(priceDroppedAt, usePageTime());
}

/**
 * "Price dropped" with a falling line; the line is drawn here, like the verified badge's seal: taking
 * it from icons.tsx split that module into a chunk of its own, 0.2 KB more on the home page (measured).
 */
export function PriceDropBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`badge badge-success gap-1 font-semibold whitespace-nowrap ${className}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width={14}
        height={14}
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m3 7 6.5 6.5 4-4L21 17M15 17h6v-6" />
      </svg>
      Price dropped
    </span>
  );
}
