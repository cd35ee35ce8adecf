/**
 * Vitest fixtures for the server's tests: `t`, a real app on a fresh database (helpers.ts), and
 * the people who use it, each signed up the first time a test of the file names it. All live for
 * the file, as a `beforeAll` would make them: one app per file, not per test.
 *
 * A file that needs other than the defaults extends `it` with them, under the same names:
 *
 *   import { it as base } from './fixtures.ts';
 *   const it = base.extend('actors', { scope: 'file' }, { seller: { name: 'Sam Seller', isVerified: true } });
 *   it('refuses a buyer', async ({ t, seller, buyer }) => { … });
 *
 * `env` (the app's settings) is a file-scoped function when they name a server the test starts (a
 * fake Stripe, a mail server): it starts it, stops it with `onCleanup` and returns them
 * (payments-stripe.test.ts); `appOptions` takes a job-queue clock. Not `it.override` at the top of
 * a file: a worker runs file after file on one copy of this module (isolate: false), and an
 * override there stays for the files after it.
 */
import { test } from 'vitest';
import type { AppOptions } from '../src/app.ts';
import { createTestApp, type SignUpOverrides, signUpUser } from './helpers.ts';

/** How the file's actors sign up, by name, when not as `signUpUser`'s defaults (a name, a verified seller). */
type Actors = Partial<
  Record<'seller' | 'otherSeller' | 'buyer' | 'otherBuyer' | 'admin' | 'otherAdmin', SignUpOverrides>
>;

export const it = test
  /** The app's settings beside the test defaults (`createTestApp`'s `env`). */
  .extend('env', { scope: 'file' }, {} as Record<string, string>)
  /** `createTestApp`'s options: a job-queue clock, a log reader. */
  .extend('appOptions', { scope: 'file' }, {} as AppOptions)
  .extend('actors', { scope: 'file' }, {} as Actors)
  .extend('t', { scope: 'file' }, async ({ env, appOptions }, { onCleanup }) => {
    const t = await createTestApp(env, appOptions);
    onCleanup(() => t.close());
    return t;
  })
  .extend('seller', { scope: 'file' }, ({ t, actors }) => signUpUser(t, 'Seller', actors.seller))
  .extend('otherSeller', { scope: 'file' }, ({ t, actors }) => signUpUser(t, 'Seller', actors.otherSeller))
  .extend('buyer', { scope: 'file' }, ({ t, actors }) => signUpUser(t, 'Buyer', actors.buyer))
  .extend('otherBuyer', { scope: 'file' }, ({ t, actors }) => signUpUser(t, 'Buyer', actors.otherBuyer))
  .extend('admin', { scope: 'file' }, ({ t, actors }) => signUpUser(t, 'Admin', actors.admin))
  .extend('otherAdmin', { scope: 'file' }, ({ t, actors }) => signUpUser(t, 'Admin', actors.otherAdmin));
