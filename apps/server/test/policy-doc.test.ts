/** docs/security.md must show the policy the code enforces, route for route. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { policyMarkdown } from '../src/http/policy-table.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('docs/security.md holds the authorization table of the running app', async () => {
  const doc = await readFile(path.resolve(import.meta.dirname, '../../../docs/security.md'), 'utf8');
  const table = policyMarkdown(t.app.accessPolicy);
  expect(doc, 'regenerate with: npm run policy --workspace @redline/server').toContain(table);
});
