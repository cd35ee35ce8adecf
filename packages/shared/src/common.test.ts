import { describe, expect, it } from 'vitest';
import { multiLineText, oneLineText, personNameSchema } from './common.ts';
import { ONE_LINE } from './text-rules.ts';

const oneLine = oneLineText('Text', 100);
const multiLine = multiLineText('Text', 100);
const accepts = (schema: typeof oneLine | typeof multiLine, text: string) => schema.safeParse(text).success;

/** Every code point of U+0000–U+FFFF in a Unicode general category, by the runtime's own tables. */
const inCategory = (category: RegExp) =>
  Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)).filter((c) => category.test(c));

describe('the stored-text rules', () => {
  it('refuse every format character, line and paragraph separator and control in a one-line text', () => {
    const invisible = [...inCategory(/\p{Cf}/u), ...inCategory(/[\p{Zl}\p{Zp}\p{Cc}]/u)];
    const taken = invisible.filter((c) => accepts(oneLine, `Admin${c}Team`) || ONE_LINE.test(`A${c}B`));
    expect(taken.map((c) => c.charCodeAt(0).toString(16))).toEqual([]);
    expect(accepts(personNameSchema, 'Admin\u200B Team')).toBe(false);
  });

  it('refuse them in a multi-line text too, but line breaks, tabs and the joiners emoji and scripts need', () => {
    const kept = new Set(['\t', '\n', '\r', '\u200C', '\u200D']);
    const invisible = [...inCategory(/\p{Cf}/u), ...inCategory(/[\p{Zl}\p{Zp}\p{Cc}]/u)];
    const taken = invisible.filter((c) => accepts(multiLine, `Admin${c}Team`));
    expect(taken.sort()).toEqual([...kept].sort());
    // A family emoji is three people joined by U+200D; Persian writes "می‌خواهم" with U+200C.
    expect(accepts(multiLine, 'Family car \u{1F468}\u200D\u{1F469}\u200D\u{1F467}\nمی\u200Cخواهم')).toBe(
      true,
    );
  });

  it('take letters, marks, spaces and emoji of every plane', () => {
    for (const text of ['Zoë Ångström', 'Ōtsuka 大塚', 'محمد رضا', 'Renée 🚗', 'Mañana\u00A0Motors']) {
      expect(accepts(oneLine, text), text).toBe(true);
      expect(accepts(multiLine, text), text).toBe(true);
    }
  });
});
