/**
 * The words users read (issue 44, item 23): no "!!" and one spelling of "cancelled", in the web app,
 * the shared rules and messages, and the server's messages. Stripe's own status value `canceled`
 * is an outside API's word, not ours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SOURCES = ['apps/web/src', 'packages/shared/src', 'apps/server/src'];
const OUTSIDE_WORDS = new Set([path.join('apps/server/src/payment-providers/stripe-provider.ts')]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the words users read', () => {
  it('never say "!!" or "canceled"', () => {
    const problems: string[] = [];
    for (const source of SOURCES) {
      for (const file of sourceFiles(path.join(ROOT, source))) {
        const relative = path.relative(ROOT, file);
        if (OUTSIDE_WORDS.has(relative)) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            // A word followed by "!!" (not the double negation of code, `!!value`).
            if (/[A-Za-z)]!!/.test(line) || /\bcancel(ed|ing)\b/i.test(line))
              problems.push(`${relative}:${index + 1}: ${line.trim()}`);
          });
      }
    }
    expect(problems).toEqual([]);
  });
});
