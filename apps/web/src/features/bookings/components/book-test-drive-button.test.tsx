import { localDateString, PHONE_MESSAGES } from '@redline/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aBooking } from '../../../testing/fixtures/booking.ts';
import { aCar } from '../../../testing/fixtures/car.ts';
import { buyer, seller } from '../../../testing/fixtures/user.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { BookTestDriveButton } from './book-test-drive-button.tsx';
import { BOOKED_MESSAGE } from './booking-form.tsx';

/** A car posted before locations: the buyer names the city. */
const car = aCar({ model: '911 GT3', location: null });

const tomorrow = () => {
  const now = new Date();
  return localDateString(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
};

async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Book a test drive now' }));
  const dialog = screen.getByRole('dialog', { name: 'Book a test drive' });
  await within(dialog).findByLabelText('Phone'); // the form loads when the dialog opens
  return dialog;
}

async function fillIn(dialog: HTMLElement, date = tomorrow()) {
  await userEvent.type(within(dialog).getByLabelText('Phone'), '(512) 555-0199');
  await userEvent.type(within(dialog).getByLabelText('City'), 'Austin');
  fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '10:30' } });
}

describe('BookTestDriveButton', () => {
  it('is disabled with a hint for a seller', () => {
    renderWithProviders(<BookTestDriveButton car={car} user={seller} />);
    const button = screen.getByRole('button', { name: 'Book a test drive now' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Only buyers can book a test drive/);
    expect(screen.getByText(/Only buyers can book a test drive/)).toBeInTheDocument();
  });

  it('is disabled for a sold car', () => {
    renderWithProviders(
      <BookTestDriveButton car={{ ...car, soldAt: '2025-02-01T00:00:00.000Z' }} user={buyer} />,
    );
    expect(
      (screen.getByRole('button', { name: 'Book a test drive now' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText(/has been sold/)).toBeInTheDocument();
  });

  it('shows the buyer and the car read-only and requires the four fields', async () => {
    renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
    const dialog = await openForm();

    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    const email = within(dialog).getByLabelText('Email') as HTMLInputElement;
    expect(name.value).toBe('Bea Buyer');
    expect(name.readOnly).toBe(true);
    expect(email.value).toBe('bea@example.com');
    expect(email.readOnly).toBe(true);
    expect(within(dialog).getByText('2021 Porsche 911 GT3')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Phone'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));
    for (const message of ['Phone is required', 'City is required', 'Date is required', 'Time is required']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(requests()).toEqual([]);
  });

  it("starts the city at the car's place, which the buyer may change, and says when the seller delivers", async () => {
    renderWithProviders(<BookTestDriveButton car={aCar({ deliveryRadiusKm: 80.4672 })} user={buyer} />);
    const dialog = await openForm();
    const city = within(dialog).getByLabelText('City');
    expect(city).toHaveValue('Beverly Hills, CA');
    expect(
      within(dialog).getByText(
        'The seller delivers this car within 50 mi of Beverly Hills, CA: say where you would like the test drive.',
      ),
    ).toBeInTheDocument();
    await userEvent.clear(city);
    await userEvent.type(city, 'Santa Monica');
    expect(city).toHaveValue('Santa Monica');
  });

  it('says nothing of delivery when the seller does not deliver', async () => {
    renderWithProviders(<BookTestDriveButton car={aCar()} user={buyer} />);
    const dialog = await openForm();
    expect(within(dialog).getByLabelText('City')).toHaveValue('Beverly Hills, CA');
    expect(within(dialog).queryByText(/delivers/)).not.toBeInTheDocument();
  });

  it('refuses a date in the past', async () => {
    renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
    const dialog = await openForm();
    await fillIn(dialog, '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));
    expect(await within(dialog).findByText('Choose a date and time in the future')).toBeInTheDocument();
  });

  it('shows every wrong field at once: a past or too distant date beside a wrong phone', async () => {
    for (const date of ['2020-01-01', '2999-01-01']) {
      const view = renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
      const dialog = await openForm();
      await userEvent.type(within(dialog).getByLabelText('Phone'), '12');
      fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
      fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '10:30' } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));
      expect(await within(dialog).findByText(PHONE_MESSAGES.invalid)).toBeInTheDocument();
      expect(within(dialog).getByText('City is required')).toBeInTheDocument();
      expect(
        within(dialog).getByText(
          date === '2020-01-01'
            ? 'Choose a date and time in the future'
            : 'Choose a date within the next 90 days',
        ),
      ).toBeInTheDocument();
      expect(requests()).toEqual([]);
      view.unmount();
    }
  });

  it('refuses a test drive at 3 AM, at the time field', async () => {
    renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
    const dialog = await openForm();
    await fillIn(dialog);
    const time = within(dialog).getByLabelText('Time');
    expect([time.getAttribute('min'), time.getAttribute('max')]).toEqual(['08:00', '20:00']);
    fireEvent.change(time, { target: { value: '03:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));
    expect(await within(dialog).findByText('Choose a time between 8:00 AM and 8:00 PM')).toBeInTheDocument();
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(requests()).toEqual([]);
  });

  it('sends only the buyer’s choices, toasts and closes', async () => {
    answer({
      'POST /testdrivebooking': aBooking({
        carId: car.id,
        requestedDate: tomorrow(),
        createdAt: new Date().toISOString(),
      }),
    });
    renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
    const dialog = await openForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));

    expect(await screen.findByText(BOOKED_MESSAGE)).toBeInTheDocument();
    expect(requests().find((request) => request.path === '/testdrivebooking')?.body).toEqual({
      carId: car.id,
      phone: '+15125550199',
      city: 'Austin',
      date: tomorrow(),
      time: '10:30',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s field messages under the fields', async () => {
    answer({
      'POST /testdrivebooking': apiError(400, 'validation_failed', 'Check the highlighted fields.', {
        phone: 'Enter a valid phone number',
      }),
    });
    renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
    const dialog = await openForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));

    expect(await within(dialog).findByText('Enter a valid phone number')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Phone').getAttribute('aria-invalid')).toBe('true');
  });

  it('turns a conflict into a toast and closes the form', async () => {
    answer({
      'POST /testdrivebooking': apiError(
        409,
        'conflict',
        'This car has been sold and can no longer be booked.',
      ),
    });
    renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
    const dialog = await openForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));

    expect(
      await screen.findByText('This car has been sold and can no longer be booked.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('links to the booking the buyer already has of this car', async () => {
    const message = 'You already have an open booking for this car: pay for it or cancel it first.';
    answer({
      'POST /testdrivebooking': apiError(409, 'already_booked', message, { bookingId: 'b-open' }),
    });
    renderWithProviders(<BookTestDriveButton car={car} user={buyer} />);
    const dialog = await openForm();
    await fillIn(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Book test drive' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    const link = within(alert).getByRole('link', { name: 'Open your booking' });
    expect(link.getAttribute('href')).toBe('/buyer/bookings/b-open');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText(message)).toHaveLength(1);
  });
});
