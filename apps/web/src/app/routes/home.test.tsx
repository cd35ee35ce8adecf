import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyer } from '../../testing/fixtures/user.ts';
import { json, mockFetch, renderRoutes } from '../../testing/test-utils.tsx';
import { routes } from '../router.tsx';

const hero = () => screen.findByRole('region', { name: 'Find your next exotic' });

describe('the home page hero', () => {
  it('invites a visitor to create an account', async () => {
    mockFetch({
      '/api/me': json(null),
      '/api/categories': json([]),
      '/api/advertise': json({ items: [], nextCursor: null }),
    });
    renderRoutes(routes, { initialEntries: ['/'] });
    await hero();
    expect((await screen.findByRole('link', { name: 'Create an account' })).getAttribute('href')).toBe(
      '/user/signup',
    );
    expect(screen.queryByRole('link', { name: 'Your dashboard' })).toBeNull();
  });

  it('takes a signed-in visitor to their dashboard instead', async () => {
    mockFetch({
      '/api/me': json(buyer),
      '/api/categories': json([]),
      '/api/advertise': json({ items: [], nextCursor: null }),
    });
    renderRoutes(routes, { initialEntries: ['/'] });
    await hero();
    expect((await screen.findByRole('link', { name: 'Your dashboard' })).getAttribute('href')).toBe('/dash');
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });
});
