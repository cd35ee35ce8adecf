/**
 * The start-up banner (issue 44, item 24): it names the demo accounts one can sign in with, and
 * only those that still exist: an admin may have deleted some since the demo data was seeded.
 */
import { DEMO_USERS } from '@redline/demo-art/data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startupBanner } from '../src/startup-banner.ts';
import { as, createTestApp, signUpUser, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t.close());

const banner = () => startupBanner(t.context.config, t.context, 3000);

describe('the start-up banner', () => {
  it('lists the demo accounts that exist, and no longer one an admin deleted', async () => {
    expect(await banner()).not.toContain('Demo sign-ins');
    const [admin, seller, otherSeller] = DEMO_USERS;
    const adminUser = await signUpUser(t, 'Admin', { email: admin!.email });
    await signUpUser(t, 'Seller', { email: seller!.email });
    await signUpUser(t, 'Seller', { email: otherSeller!.email });
    const before = await banner();
    expect(before).toContain('Demo sign-ins');
    for (const user of [admin, seller, otherSeller]) expect(before).toContain(user!.email);
    for (const user of DEMO_USERS.slice(3)) expect(before).not.toContain(user.email);

    const deleted = await as(t, adminUser, { method: 'DELETE', url: `/api/users/${seller!.email}` });
    expect(deleted.statusCode).toBe(200);
    const after = await banner();
    expect(after).not.toContain(seller!.email);
    expect(after).toContain(otherSeller!.email);
  });
});
