import { describe, expect, it } from 'vitest';
import { aMe } from '../../testing/fixtures/user.ts';
import { dashboardMenu } from './menu.ts';

const labels = (user: Parameters<typeof dashboardMenu>[0]) => dashboardMenu(user).map((item) => item.label);

describe('the seller’s dashboard menu in a dealer’s team', () => {
  it('gives a dealer’s owner and managers the Team and Import inventory pages, and a private seller and a salesperson none', () => {
    const seller = aMe({ role: 'Seller' });
    const dealer = { sellerId: 'd-1', businessName: 'Sunset Motors' };
    expect(labels(seller)).not.toContain('Team');
    expect(labels(seller)).not.toContain('Import inventory');
    expect(labels(seller)).toContain('Dealer profile');
    expect(labels({ ...seller, sellsFor: { ...dealer, role: 'owner' } })).toEqual(
      expect.arrayContaining(['Team', 'Import inventory']),
    );
    expect(labels({ ...seller, sellsFor: { ...dealer, role: 'manager' } })).toEqual(
      expect.arrayContaining(['Team', 'Import inventory', 'Dealer profile']),
    );
    const salesperson = labels({ ...seller, sellsFor: { ...dealer, role: 'salesperson' } });
    expect(salesperson).not.toContain('Team');
    expect(salesperson).not.toContain('Import inventory');
    expect(salesperson).not.toContain('Dealer profile');
    expect(salesperson).toEqual(expect.arrayContaining(['My Posts', 'Messages', 'Offers received']));
  });

  it('leaves buyers’ and admins’ menus as they are', () => {
    expect(labels(aMe())).toContain('My Bookings');
    expect(labels(aMe({ role: 'Admin' }))).not.toContain('Team');
  });
});
