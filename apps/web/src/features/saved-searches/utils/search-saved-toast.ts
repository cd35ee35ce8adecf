import { paths } from '../../../config/paths.ts';
import { toast } from '../../../lib/toast.ts';

/** Tells the buyer their search is kept, with the way to their saved searches. */
export function toastSearchSaved(name: string, navigate: (href: string) => void) {
  toast.success(`Search saved: “${name}”.`, {
    label: 'See your saved searches',
    href: paths.dashBuyerSearches,
    navigate,
  });
}
