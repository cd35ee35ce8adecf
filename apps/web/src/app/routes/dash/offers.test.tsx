import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOffer } from '../../../testing/fixtures/offer.ts';
import { aMe } from '../../../testing/fixtures/user.ts';
import { layoutAnswers } from '../../../testing/layout-answers.ts';
import { answer } from '../../../testing/network.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { routes } from '../../router.tsx';

describe('the offers in the dashboards (issue 48)', () => {
  it("lists the seller's offers received, those awaiting their answer marked, each opening its conversation", async () => {
    answer({
      ...layoutAnswers(aMe({ role: 'Seller', name: 'Sam Seller' })),
      'GET /offers/received': {
        items: [
          anOffer({ id: 'o-1', side: 'seller', conversationId: 'c-1' }),
          anOffer({
            id: 'o-2',
            side: 'seller',
            conversationId: 'c-2',
            carName: '2020 Ferrari F8 Tributo',
            buyerName: 'Otto Other',
            status: 'declined',
            turn: null,
          }),
        ],
        nextCursor: null,
      },
    });
    renderRoutes(routes, { initialEntries: ['/dash/seller/offers'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers received' })).toBeInTheDocument();
    const [first, second] = await screen.findAllByRole('link', { name: /\$180,000/ });
    expect(first!.getAttribute('href')).toBe('/dash/messages/c-1');
    expect(within(first!).getByText('Your answer')).toBeInTheDocument();
    expect(first!.textContent).toContain('Bea Buyer');
    expect(second!.getAttribute('href')).toBe('/dash/messages/c-2');
    expect(within(second!).getByText('Declined')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Offers received/ })).toBeInTheDocument();
  });

  it("lists the buyer's offers made, and leads to the cars when there are none", async () => {
    answer({
      ...layoutAnswers(aMe()),
      'GET /offers/made': { items: [], nextCursor: null },
    });
    renderRoutes(routes, { initialEntries: ['/dash/buyer/offers'] });
    expect(await screen.findByText('No offers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a car' })).toBeInTheDocument();
  });
});
