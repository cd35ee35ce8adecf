import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect.ts';

describe('redirectTarget', () => {
  it('returns to the page the visitor came from', () => {
    expect(redirectTarget({ from: { pathname: '/cars/id/42', search: '?x=1', hash: '#photos' } })).toBe(
      '/cars/id/42?x=1#photos',
    );
  });

  it('falls back to home without a usable origin', () => {
    expect(redirectTarget(undefined)).toBe('/');
    expect(redirectTarget({ from: { pathname: '//evil.example/x', search: '', hash: '' } })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/user/login', search: '', hash: '' } })).toBe('/');
  });
});
