import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aMe, seller } from '../../../testing/fixtures/user.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DefaultLocationForm } from './default-location-form.tsx';

const CHICAGO = { postalCode: '60611', country: 'US', city: 'Chicago', region: 'IL' } as const;
const BEVERLY_HILLS = { postalCode: '90210', country: 'US', city: 'Beverly Hills', region: 'CA' } as const;

describe('DefaultLocationForm', () => {
  it('shows the saved location, then the place of the ZIP code typed, and saves it', async () => {
    answer({
      'GET /places/:postalCode': CHICAGO,
      'PUT /me/location': CHICAGO,
    });
    renderWithProviders(<DefaultLocationForm me={aMe({ ...seller, location: BEVERLY_HILLS })} />);
    const zip = screen.getByLabelText('ZIP code');
    expect(zip).toHaveValue('90210');
    expect(screen.getByText('Beverly Hills, CA')).toBeInTheDocument();

    await userEvent.clear(zip);
    await userEvent.type(zip, '60611');
    expect(await screen.findByText('Chicago, IL')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your cars now start at Chicago, IL')).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'PUT')?.body).toEqual({ postalCode: '60611' });
  });

  it('clears the location when the field is emptied, and shows a refused ZIP code under its field', async () => {
    answer({
      'GET /places/:postalCode': apiError(404, 'not_found', 'The ZIP code 00000 was not found.'),
      'PUT /me/location': ({ body }) =>
        body.postalCode === null
          ? null
          : apiError(400, 'validation', 'Some fields are invalid.', {
              postalCode: `We don't know the ZIP code ${body.postalCode}`,
            }),
    });
    renderWithProviders(<DefaultLocationForm me={aMe({ ...seller, location: BEVERLY_HILLS })} />);
    const zip = screen.getByLabelText('ZIP code');
    await userEvent.clear(zip);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Location removed')).toBeInTheDocument();
    expect(requests().find((request) => request.method === 'PUT')?.body).toEqual({ postalCode: null });

    await userEvent.type(zip, '00000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText("We don't know the ZIP code 00000")).toBeInTheDocument();
  });
});
