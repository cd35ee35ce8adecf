import { z } from 'zod';
import { emailFieldSchema as email, personNameSchema, unitSystemSchema } from './common.ts';
import { PASSWORD_MIN_LENGTH, ROLES, SIGN_UP_ROLES } from './constants.ts';
import { sellsForSchema } from './dealer-team.ts';
import { placeSchema } from './places.ts';

const password = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(128, 'Password must be at most 128 characters');

export const signInSchema = z.object({ email, password });
export type SignInInput = z.infer<typeof signInSchema>;

/** Redline shows no profile pictures, so it stores none: an `image` sent to the sign-in service is refused. */
const noProfilePicture = z.null({ error: 'Redline does not keep profile pictures' }).optional();

export const signUpSchema = z.object({
  name: personNameSchema,
  email,
  password,
  role: z.enum(SIGN_UP_ROLES, { error: 'Choose Buyer or Seller' }),
  image: noProfilePicture,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** The account fields a user may change through the sign-in service (`POST /api/auth/update-user`). */
export const updateUserSchema = z.object({ name: personNameSchema.optional(), image: noProfilePicture });

/** Where a sign-in service's endpoint sends the browser on (its `callbackURL`s). */
export const authUrlSchema = z.string().max(2000);
/** The token of an e-mailed password-reset link. */
export const authTokenSchema = z.string().min(1).max(200);

export const forgotPasswordSchema = z.object({ email });
export const resetPasswordSchema = z.object({ password });

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/**
 * The signed-in user as their session knows them: whether they have confirmed their address by its
 * link, and the account they sell for (their own, or their dealer's; null for buyers and admins, ADR 65).
 */
export const sessionUserSchema = userSchema.extend({
  emailVerified: z.boolean(),
  sellsFor: sellsForSchema.nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * The signed-in user (`GET /api/me`): their session's user and their default location, where the
 * cars they post start (`PUT /api/me/location`); never shown to anyone else.
 */
export const meSchema = sessionUserSchema.extend({ location: placeSchema.nullable() });
export type Me = z.infer<typeof meSchema>;

/**
 * Who may browse the cars for sale (the server's BROWSING setting, issue 47): `public`, anyone;
 * `signed-in`, signed-in users only, as the product was first specified.
 */
export const browsingSchema = z.enum(['public', 'signed-in']);
export type Browsing = z.infer<typeof browsingSchema>;

export const publicConfigSchema = z.object({
  googleSignIn: z.boolean(),
  browsing: browsingSchema,
  /** The market's units (the server's MARKET_UNITS): what pages show a visitor who has not chosen. */
  units: unitSystemSchema,
  payments: z.object({
    provider: z.enum(['test', 'stripe']),
    publishableKey: z.string().optional(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The user in Better Auth's answers (`/api/auth/*`), with Redline's fields. */
export const authUserSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  role: z.enum(['Buyer', 'Seller', 'Admin']),
  isVerified: z.boolean(),
});

export const authSessionSchema = z
  .looseObject({
    session: z.looseObject({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
    user: authUserSchema,
  })
  .nullable();

export const signedInSchema = z.looseObject({
  redirect: z.boolean(),
  url: z.string().optional(),
  user: authUserSchema,
});
export const signedUpSchema = z.looseObject({ user: authUserSchema });
