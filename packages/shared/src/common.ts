import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';

export const idSchema = z.string().min(1).max(64);
export const idParamsSchema = z.object({ id: idSchema });
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));
export const emailParamsSchema = z.object({ email: emailSchema });

/** Keyset pagination: lists are newest first and continue after an opaque cursor. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { items: T[]; nextCursor: string | null };

export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
export type DeletedCount = z.infer<typeof deletedCountSchema>;
export const okSchema = z.object({ ok: z.literal(true) });
