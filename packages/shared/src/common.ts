import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, REPORT_DETAILS_MAX_LENGTH } from './constants.ts';
import { MULTI_LINE_RULE, ONE_LINE_RULE, sentTextPattern, type TextRule } from './text-rules.ts';
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

/**
 * A report to the admins (of a car, a conversation, a review): what it names (`shape`), its reason
 * (`reason`, an enum of reasons with "Other") and details, which the reason "Other" requires
 * (`missing`: what a blank one is told).
 */
export function reportInput<Reason extends z.ZodType<string>, Shape extends z.ZodRawShape>(
  reason: Reason,
  shape: Shape,
  missing = 'Tell us what is wrong',
) {
  return z
    .object({
      ...shape,
      reason,
      details: multiLineText('Details', REPORT_DETAILS_MAX_LENGTH)
        .default('')
        .meta({ description: 'Required (not blank) when the reason is Other' }),
    })
    .superRefine((input, ctx) => {
      // The shape's own fields leave TypeScript unsure of these two: they are the object's own.
      const { reason: given, details } = input as { reason: string; details: string };
      if (given === 'Other' && details === '') {
        ctx.addIssue({ code: 'custom', message: missing, path: ['details'] });
      }
    });
}
