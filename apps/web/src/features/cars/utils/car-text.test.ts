import { describe, expect, it } from 'vitest';
import { aboutPreview } from './car-text.ts';

describe('aboutPreview', () => {
  it('keeps the first 100 characters and adds an ellipsis', () => {
    const about = `${'x'.repeat(99)}yz and more`;
    expect(aboutPreview(about)).toBe(`${'x'.repeat(99)}y…`);
  });

  it('leaves a short text whole', () => {
    expect(aboutPreview('  One owner.  ')).toBe('One owner.');
  });
});
