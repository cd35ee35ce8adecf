import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyer, seller } from '../../../testing/fixtures/user.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { REPORTED_MESSAGE, ReportButton } from './report-button.tsx';

const car = {
  id: '0b6f5d0e-6c8e-4c9a-9a37-3c1f4a1f2b10',
  year: 2021,
  brand: 'Porsche',
  model: '911',
  trim: 'GT3',
};
/** The buyer has not reported the car, where a test does not say otherwise. */
const notReported = { reported: false };

async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Report about this post' }));
  const dialog = screen.getByRole('dialog', { name: 'Report about this post' });
  await within(dialog).findByRole('button', { name: 'Submit report' }); // the form loads when the dialog opens
  return dialog;
}

describe('ReportButton', () => {
  it('sends the reason and details, toasts and closes', async () => {
    answer({
      'GET /reportedpost/:carId': notReported,
      'POST /reportedpost': {
        id: 'r-1',
        carId: car.id,
        reason: 'Suspected fraud',
        details: 'Price too good',
        createdAt: '2025-01-05T10:00:00.000Z',
      },
    });
    renderWithProviders(<ReportButton car={car} user={buyer} />);
    const dialog = await openForm();
    // The form arrived after the dialog opened: the focus moved to its first reason.
    expect(document.activeElement).toBe(within(dialog).getAllByRole('radio')[0]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(await within(dialog).findByText('Choose a reason')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Suspected fraud' }));
    await userEvent.type(within(dialog).getByLabelText(/Details/), 'Price too good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));

    expect(await screen.findByText(REPORTED_MESSAGE)).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'POST')?.body).toEqual({
      carId: car.id,
      reason: 'Suspected fraud',
      details: 'Price too good',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Reported' })).toBeInTheDocument();
  });

  it('asks for details when the reason is Other', async () => {
    answer({ 'GET /reportedpost/:carId': { reported: false } });
    renderWithProviders(<ReportButton car={car} user={buyer} />);
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(await within(dialog).findByText('Tell us what is wrong with this post')).toBeInTheDocument();
    expect(requests().filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says so when the buyer already reported the car', async () => {
    answer({
      'GET /reportedpost/:carId': notReported,
      'POST /reportedpost': apiError(409, 'conflict', 'You have already reported this post.'),
    });
    renderWithProviders(<ReportButton car={car} user={buyer} />);
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Car already sold' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText('You have already reported this post.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is disabled for anyone but a buyer, who is not asked whether they reported it', () => {
    renderWithProviders(<ReportButton car={car} user={seller} />);
    expect(
      (screen.getByRole('button', { name: 'Report about this post' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(requests()).toEqual([]);
  });

  it('shows "Reported" when the buyer reported the car before, after a reload too', async () => {
    answer({ 'GET /reportedpost/:carId': ({ params }) => ({ reported: params.carId === car.id }) });
    renderWithProviders(<ReportButton car={car} user={buyer} />);
    expect(await screen.findByRole('button', { name: 'Reported' })).toBeDisabled();
  });
});
