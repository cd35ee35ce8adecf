import type { DealerProfileInput } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aDealer } from '../../../testing/fixtures/seller.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DealerProfileForm, PRIVATE_MESSAGE, SAVED_MESSAGE } from './dealer-profile-form.tsx';

const BEVERLY_HILLS = { postalCode: '90210', country: 'US', city: 'Beverly Hills', region: 'CA' } as const;
const sent = (method: string) => requests().filter((request) => request.method === method);

describe('DealerProfileForm', () => {
  it('makes a private seller a dealer with what they typed, and previews the header buyers will see', async () => {
    answer({
      'GET /places/:postalCode': BEVERLY_HILLS,
      'PUT /me/dealer': ({ body }) => aDealer({ businessName: body.businessName, verifiedAt: null }),
    });
    renderWithProviders(<DealerProfileForm dealer={null} sellerName="Sam Seller" />);

    await userEvent.type(screen.getByLabelText('Business name'), 'Sunset Motors');
    await userEvent.type(screen.getByLabelText('Phone'), '(310) 555-0142');
    await userEvent.type(screen.getByLabelText('Website'), 'https://sunset-motors.example.com');
    await userEvent.type(screen.getByLabelText('Street address'), '9000 Wilshire Blvd');
    await userEvent.type(screen.getByLabelText('ZIP code'), '90210');
    expect(await screen.findByText('Beverly Hills, CA')).toBeInTheDocument();
    // Open on Sundays too, with a lunch break on Mondays.
    await userEvent.click(screen.getByLabelText('Sunday'));
    const monday = screen.getByLabelText('Monday').closest('li') as HTMLElement;
    await userEvent.click(within(monday).getByRole('button', { name: 'Add a break' }));

    const preview = screen.getByRole('region', { name: 'Preview of your page' });
    expect(within(preview).getByRole('heading', { level: 3, name: 'Sunset Motors' })).toBeInTheDocument();
    expect(within(preview).getByText('9000 Wilshire Blvd, Beverly Hills, CA 90210')).toBeInTheDocument();
    expect(within(preview).getByRole('row', { name: 'Monday 09:00–12:00, 13:00–18:00' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Become a dealer' }));
    expect(await screen.findByText(SAVED_MESSAGE)).toBeInTheDocument();
    const body = sent('PUT')[0]?.body as DealerProfileInput;
    expect(body).toMatchObject({
      businessName: 'Sunset Motors',
      logo: null,
      street: '9000 Wilshire Blvd',
      postalCode: '90210',
      phone: '+13105550142',
      website: 'https://sunset-motors.example.com',
      about: '',
    });
    expect(body.hours.monday).toEqual([
      { open: '09:00', close: '12:00' },
      { open: '13:00', close: '18:00' },
    ]);
    expect(body.hours.sunday).toEqual([{ open: '09:00', close: '17:00' }]);
  });

  it('takes a range closing before it opens as closing after midnight, and refuses a break after it', async () => {
    renderWithProviders(<DealerProfileForm dealer={aDealer({ verifiedAt: null })} sellerName="Sam Seller" />);
    const tuesday = screen.getByLabelText('Tuesday').closest('li') as HTMLElement;
    const closes = screen.getByLabelText('Tuesday closes');
    await userEvent.clear(closes);
    await userEvent.type(closes, '01:00');
    expect(within(tuesday).getByText('the next day')).toBeInTheDocument();
    expect(within(tuesday).queryByRole('button', { name: 'Add a break' })).not.toBeInTheDocument();
    const wednesdayOpens = screen.getByLabelText('Wednesday opens');
    await userEvent.clear(wednesdayOpens);
    await userEvent.type(wednesdayOpens, '00:30');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const wednesday = screen.getByLabelText('Wednesday').closest('li') as HTMLElement;
    expect(
      await within(wednesday).findByText("Opens before Tuesday's hours end at 01:00"),
    ).toBeInTheDocument();
    expect(sent('PUT')).toEqual([]);
  });

  it("shows the server's refusal under its field", async () => {
    answer({
      'GET /places/:postalCode': BEVERLY_HILLS,
      'PUT /me/dealer': apiError(400, 'validation', 'Some fields are invalid.', {
        logo: 'Upload the logo again',
        postalCode: "We don't know the ZIP code 90210",
      }),
    });
    renderWithProviders(<DealerProfileForm dealer={aDealer({ verifiedAt: null })} sellerName="Sam Seller" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("We don't know the ZIP code 90210")).toBeInTheDocument();
    expect(screen.getByText('Upload the logo again')).toBeInTheDocument();
  });

  it('tells a verified dealer that a new name or address needs verifying, and goes private only once confirmed', async () => {
    answer({ 'DELETE /me/dealer': { deletedCount: 1 } });
    renderWithProviders(<DealerProfileForm dealer={aDealer()} sellerName="Sam Seller" />);
    expect(screen.getByRole('note').textContent).toBe(
      'Your dealership is verified. A new business name or address will need verifying again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go back to selling privately' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sell privately again?' });
    expect(dialog.textContent).toContain('and with it your verification');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(sent('DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Go back to selling privately' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Sell privately again?' })).getByRole('button', {
        name: 'Sell privately',
      }),
    );
    expect(await screen.findByText(PRIVATE_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
  });
});
