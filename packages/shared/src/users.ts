import { z } from 'zod';
import { userSchema } from './auth.ts';

export const userListSchema = z.array(userSchema);
export const userIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
