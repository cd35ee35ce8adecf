/** What each role of a dealer's team is called, and what it may do, in the pages' words (ADR 65). */
import type { SellingRole } from '@redline/shared';

export const ROLE_WORDS: Record<SellingRole, { name: string; does: string }> = {
  owner: { name: 'Owner', does: 'The dealer’s own account: everything.' },
  manager: { name: 'Manager', does: 'Everything the owner does, except change the owner.' },
  salesperson: { name: 'Salesperson', does: 'Cars, test drives, messages, offers and figures.' },
};
