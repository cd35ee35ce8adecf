import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSavedCar } from '../../../testing/fixtures/saved-car.ts';
import { buyer, seller } from '../../../testing/fixtures/user.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { REMOVED_MESSAGE, SAVED_MESSAGE, SaveButton } from './save-button.tsx';

const carId = '0b6f5d0e-6c8e-4c9a-9a37-3c1f4a1f2b10';
const savedCar = aSavedCar({ car: carId });

describe('SaveButton', () => {
  it('saves, fills the bookmark, and removes again', async () => {
    let saved = false;
    answer({
      'GET /savedpost/:carId': ({ params }) => ({ saved: params.carId === carId && saved }),
      'POST /savedpost': ({ body }) => {
        saved = body.carId === carId;
        return savedCar;
      },
      'DELETE /savedpost/:carId': ({ params }) => {
        saved = saved && params.carId !== carId;
        return { deletedCount: 1 };
      },
    });
    renderWithProviders(<SaveButton car={{ id: carId }} user={buyer} />);

    const button = screen.getByRole('button', { name: 'Save this car' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(button.querySelector('svg')?.getAttribute('fill')).toBe('none');

    await userEvent.click(button);
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(button.querySelector('svg')?.getAttribute('fill')).toBe('currentColor'));

    await userEvent.click(button);
    expect(await screen.findByText(REMOVED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  });

  it('is disabled for a seller and never asks the server', () => {
    renderWithProviders(<SaveButton car={{ id: carId }} user={seller} />);
    expect(screen.getByRole('button', { name: 'Save this car' })).toBeDisabled();
    expect(requests()).toEqual([]);
  });
});
