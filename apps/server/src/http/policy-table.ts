/** Renders the app's access policy (collected from every route's declaration) as a Markdown table. */
import type { Access } from '@redline/shared/contract';
import type { PolicyEntry } from './access.ts';

export function describeAccess(access: Access): string {
  if (access === 'public') return 'anyone';
  if (access === 'signedIn') return 'any signed-in user';
  if (access === 'dealerKey') return "a dealer's system, by the dealer's API key (Authorization: Bearer)";
  if (access === 'browse') return 'anyone (any signed-in user with BROWSING=signed-in)';
  return access.join(', ');
}

export function policyMarkdown(policy: readonly PolicyEntry[]): string {
  const rows = [...policy]
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((p) => `| ${p.method} | \`${p.url}\` | ${describeAccess(p.declared)} |`);
  return ['| Method | Path | Who may call it (before ownership checks) |', '|---|---|---|', ...rows].join(
    '\n',
  );
}
