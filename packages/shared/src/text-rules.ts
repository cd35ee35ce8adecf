/**
 * The characters a stored text may hold, as plain patterns without zod: the schemas (common.ts)
 * check them, and pages read them (the search's address) without loading the schemas (ADR 2).
 */
/**
 * The rules of every text a person types and Redline stores: trimmed, bounded, and free of the
 * characters that break lists or hide in a name: controls (Unicode's Cc), format characters (Cf:
 * zero-width spaces and joiners, bidirectional marks, embeddings and overrides, the byte-order mark,
 * the soft hyphen…) and the line and paragraph separators (Zl, Zp). Multi-line texts keep their
 * line breaks and tabs, and the zero-width joiner and non-joiner, which emoji sequences and Persian
 * or Indic spelling need; a name or any one-line text takes neither.
 *
 * The sets are ranges of UTF-16 code units rather than `\p{…}` classes, so that the same pattern
 * compiles in every JSON Schema and OpenAPI tool (ECMA-262 with or without the `u` flag, Python's
 * `re`): the OpenAPI document states them as they are. Format characters beyond U+FFFF (the tag
 * characters) are not named: no pattern names them the same way in all of those dialects.
 */
const CONTROLS = String.raw`\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F`;
const LINE_BREAKS = String.raw`\t\n\r`;
const JOINERS = String.raw`\u200C\u200D`;
/** Cf within U+0000–U+FFFF, but the joiners (common.test.ts checks it against Unicode's own list). */
const FORMATS = String.raw`\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB`;
const SEPARATORS = String.raw`\u2028\u2029`;
/** What `String.prototype.trim` removes: a text is checked, and stored, without it at either end. */
const TRIMMED = String.raw`\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF`;

/** A text rule: the characters it refuses, as a character class's contents and as a check. */
const textRule = (refused: string) => ({ refused, check: new RegExp(`^[^${refused}]*$`) });
export type TextRule = ReturnType<typeof textRule>;
export const ONE_LINE_RULE = textRule(CONTROLS + LINE_BREAKS + JOINERS + FORMATS + SEPARATORS);
export const MULTI_LINE_RULE = textRule(CONTROLS + FORMATS + SEPARATORS);
/** A one-line text's characters (the search's texts and values follow it too). */
export const ONE_LINE = ONE_LINE_RULE.check;

/**
 * The text rule as one pattern over the text as sent, before trimming, for the OpenAPI document:
 * anything trimmed at the ends, then at least `min` characters (a first and a last that are not
 * blank) of those the rule keeps. No bounded repetition, which some engines cannot compile.
 */
export function sentTextPattern(refused: string, min: number) {
  const ends = `[${TRIMMED}]*`;
  const kept = `[^${refused}]`;
  const visible = `[^${refused}${TRIMMED}]`;
  const text = min <= 1 ? `${visible}(?:${kept}*${visible})?` : `${visible}${kept}{${min - 2},}${visible}`;
  return min === 0 ? `^${ends}(?:${text}${ends})?$` : `^${ends}${text}${ends}$`;
}
