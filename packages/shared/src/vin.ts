/**
 * A car's VIN (ISO 3779, 17 characters from model year 1981 on) or an older car's chassis number:
 * one field, upper case, without spaces.
 */
import { z } from 'zod';
import { CHASSIS_NUMBER_MAX } from './constants.ts';

export const vinSchema = z
  .string({ error: 'VIN must be text' })
  .transform((text) => text.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'VIN is required')
      .max(CHASSIS_NUMBER_MAX, `At most ${CHASSIS_NUMBER_MAX} characters`)
      .regex(/^[A-Z0-9-]+$/, 'A VIN has letters and digits only'),
  );
