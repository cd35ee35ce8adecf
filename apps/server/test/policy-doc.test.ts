/** docs/security.md must show the policy the code enforces, route for route. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { policyMarkdown } from '../src/http/policy-table.ts';
import { it } from './fixtures.ts';

it('docs/security.md holds the authorization table of the running app', async ({ t }) => {
  const doc = await readFile(path.resolve(import.meta.dirname, '../../../docs/security.md'), 'utf8');
  const table = policyMarkdown(t.app.accessPolicy);
  expect(doc, 'regenerate with: npm run policy --workspace @redline/server').toContain(table);
});
