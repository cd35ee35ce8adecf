import { describe, expect, it } from 'vitest';
import { needsSignIn } from './page-data.ts';

describe('needsSignIn', () => {
  it('holds for the pages under a guard of router.tsx, and only for them', () => {
    for (const page of [
      '/category/c1',
      '/cars/id/c1',
      '/buyer/bookings/b1',
      '/dash',
      '/dash/admin/allbuyers',
    ]) {
      expect(needsSignIn(page), page).toBe(true);
    }
    for (const page of [
      '/',
      '/categories',
      '/blog',
      '/user/login',
      '/user/reset-password',
      '/no/such/page',
    ]) {
      expect(needsSignIn(page), page).toBe(false);
    }
  });
});
