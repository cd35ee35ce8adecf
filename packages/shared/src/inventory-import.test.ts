/** docs/dealer-import.md tells dealers the import file's columns: exactly IMPORT_COLUMNS, in the template's order. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from './inventory-import.ts';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/dealer-import.md'), 'utf8');

describe("the dealers' import guide", () => {
  it('documents every column of an import file, in the order of the template, and no other', () => {
    const table = doc.slice(doc.indexOf('| Column |'));
    const documented = [...table.matchAll(/^\| `(\w+)` \|/gm)].map((match) => match[1]);
    expect(documented).toEqual([...IMPORT_COLUMNS]);
  });
});
