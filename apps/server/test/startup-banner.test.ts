/**
 * The start-up banner (issue 44, item 24): it names the demo accounts one can sign in with, and
 * only those that still exist: an admin may have deleted some since the demo data was seeded.
 */
import { DEMO_USERS } from '@redline/demo-art/data';
import { describe, expect } from 'vitest';
import { startupBanner } from '../src/startup-banner.ts';
import { it as base } from './fixtures.ts';
import { as, signUpUser, type TestApp } from './helpers.ts';

const it = base.extend('env', { scope: 'file' }, { SEED_DEMO: 'true' });

const banner = (t: TestApp) => startupBanner(t.context.config, t.context, 3000);

describe('the start-up banner', () => {
  it('lists the demo accounts that exist, and no longer one an admin deleted', async ({ t }) => {
    expect(await banner(t)).not.toContain('Demo sign-ins');
    const [admin, seller, otherSeller] = DEMO_USERS;
    const adminUser = await signUpUser(t, 'Admin', { email: admin!.email });
    await signUpUser(t, 'Seller', { email: seller!.email });
    await signUpUser(t, 'Seller', { email: otherSeller!.email });
    const before = await banner(t);
    expect(before).toContain('Demo sign-ins');
    for (const user of [admin, seller, otherSeller]) expect(before).toContain(user!.email);
    for (const user of DEMO_USERS.slice(3)) expect(before).not.toContain(user.email);

    const deleted = await as(t, adminUser, { method: 'DELETE', url: `/api/users/${seller!.email}` });
    expect(deleted.statusCode).toBe(200);
    const after = await banner(t);
    expect(after).not.toContain(seller!.email);
    expect(after).toContain(otherSeller!.email);
  });
});
