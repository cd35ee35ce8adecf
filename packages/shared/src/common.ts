import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';
import { UNIT_SYSTEMS } from './units.ts';

/** A choice of units (units.ts): `imperial` or `metric`. */
export const unitSystemSchema = z.enum(UNIT_SYSTEMS);

export const idSchema = z.string().min(1).max(64);
export const idParamsSchema = z.object({ id: idSchema });
/** RFC 5321's longest path: an address longer than this cannot receive mail. */
export const EMAIL_MAX_LENGTH = 254;
export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters`)
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .meta({ format: 'email' });
/** An e-mail address typed into a form (kept as typed; the server lower-cases it for sign-in). */
export const emailFieldSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, `An email address has at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('Enter a valid email address'))
  .meta({ format: 'email' });
export const emailParamsSchema = z.object({ email: emailSchema });

/** Keyset pagination: lists are newest first and continue after an opaque cursor. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ pattern: '^[A-Za-z0-9_-]*$', description: 'The `nextCursor` of the previous page' }),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item).max(PAGE_SIZE_MAX), nextCursor: z.string().nullable() });
const pages = new WeakMap<z.ZodType, unknown>();
/** One page schema per item schema, so that each page is one named schema in the OpenAPI document. */
export function pageOf<T extends z.ZodType>(item: T): ReturnType<typeof pageSchema<T>> {
  let page = pages.get(item) as ReturnType<typeof pageSchema<T>> | undefined;
  if (!page) {
    page = pageSchema(item);
    pages.set(item, page);
  }
  return page;
}
export type Page<T> = { items: T[]; nextCursor: string | null };

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
/** What a call that creates a record answers: the new record's id. */
export const createdSchema = z.object({ id: z.string() });

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
type TextRule = ReturnType<typeof textRule>;
const ONE_LINE_RULE = textRule(CONTROLS + LINE_BREAKS + JOINERS + FORMATS + SEPARATORS);
const MULTI_LINE_RULE = textRule(CONTROLS + FORMATS + SEPARATORS);
/** A one-line text's characters (the search's texts and values follow it too). */
export const ONE_LINE = ONE_LINE_RULE.check;

/**
 * The text rule as one pattern over the text as sent, before trimming, for the OpenAPI document:
 * anything trimmed at the ends, then at least `min` characters (a first and a last that are not
 * blank) of those the rule keeps. No bounded repetition, which some engines cannot compile.
 */
function sentTextPattern(refused: string, min: number) {
  const ends = `[${TRIMMED}]*`;
  const kept = `[^${refused}]`;
  const visible = `[^${refused}${TRIMMED}]`;
  const text = min <= 1 ? `${visible}(?:${kept}*${visible})?` : `${visible}${kept}{${min - 2},}${visible}`;
  return min === 0 ? `^${ends}(?:${text}${ends})?$` : `^${ends}${text}${ends}$`;
}

export const charactersMessage = (label: string) => `${label} cannot contain control or invisible characters`;

const boundedText = (label: string, max: number, rule: TextRule, min: number, tooShort?: string) => {
  const text = z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(rule.check, charactersMessage(label));
  return (min > 0 ? text.min(min, tooShort) : text).meta({ pattern: sentTextPattern(rule.refused, min) });
};

/** A required one-line text (a name, a brand, a city). */
export const oneLineText = (label: string, max: number) =>
  boundedText(label, max, ONE_LINE_RULE, 1, `${label} is required`);

/**
 * A multi-line text (a description, a message): optional ones add `.default('')`; a required one
 * gives its fewest characters and what to say below them.
 */
export const multiLineText = (label: string, max: number, required?: { min: number; message: string }) =>
  boundedText(label, max, MULTI_LINE_RULE, required?.min ?? 0, required?.message);

export const NAME_MAX_LENGTH = 80;
/** A person's name, wherever it is typed: sign-up, the account's name change, the contact form. */
export const personNameSchema = oneLineText('Name', NAME_MAX_LENGTH);
