import type { CarNameMapping } from '@redline/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { TypoMatches } from './typo-matches.tsx';

const chevroelt: CarNameMapping = {
  id: 4,
  brand: 'chevroelt',
  model: 'Camaro',
  shownBrand: 'Chevrolet',
  shownModel: 'Camaro',
  makeMatch: 'typo',
  modelMatch: 'exact',
  cars: 5,
  mappedAt: '2026-11-29T06:00:00.000Z',
  review: null,
};

describe('TypoMatches', () => {
  it('shows what sellers wrote beside what the cars show; an undo leaves the list', async () => {
    let matches = [chevroelt];
    answer({
      'GET /cars/name-mappings': () => ({ items: matches }),
      'POST /cars/name-mappings/:id/review': ({ body }) => {
        matches = [];
        return { ...chevroelt, review: body.review };
      },
    });
    renderWithProviders(<TypoMatches />);
    expect(await screen.findByText('chevroelt Camaro')).toBeInTheDocument();
    expect(screen.getByText('Chevrolet Camaro')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo chevroelt Camaro' }));
    expect(await screen.findByText('Undone: chevroelt Camaro is other again')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Nothing to review')).toBeInTheDocument());
    expect(requests().find((request) => request.method === 'POST')).toMatchObject({
      path: '/cars/name-mappings/4/review',
      body: { review: 'undone' },
    });
  });
});
