import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';

export const idSchema = z.string().min(1).max(64);
export const idParamsSchema = z.object({ id: idSchema });
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }))
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
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
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
export type DeletedCount = z.infer<typeof deletedCountSchema>;
export const okSchema = z.object({ ok: z.literal(true) });
