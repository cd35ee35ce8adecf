import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aCar } from '../../../testing/fixtures/car.ts';
import { json, mockFetch, renderWithProviders } from '../../../testing/test-utils.tsx';
import { SellerCarsList } from './seller-cars-list.tsx';

const EMAIL = 'sam@example.com';
const LIST = `GET /api/cars/email/${encodeURIComponent(EMAIL)}`;

const renderList = () =>
  renderWithProviders(<SellerCarsList email={EMAIL} categories={[{ id: 'sports', name: 'Sports cars' }]} />);

describe('SellerCarsList (My Posts)', () => {
  it('lists each car with photo, year and brand, model, price, km driven, added date and a Details link', async () => {
    const car = aCar();
    mockFetch({ [LIST]: json({ items: [car], nextCursor: null }) });
    renderList();

    const row = (await screen.findByText('911 GT3 Touring')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: '2021 Porsche 911 GT3 Touring' })).toBeInTheDocument();
    expect(row.textContent).toContain('2021 Porsche');
    expect(row.textContent).toContain('$189,500');
    expect(row.textContent).toContain('12,500 km');
    expect(
      within(row).getByRole('link', { name: 'Details of 2021 Porsche 911 GT3 Touring' }).getAttribute('href'),
    ).toBe(`/cars/id/${car.id}`);
  });

  it('advertises a car once and then shows it as Advertised', async () => {
    const car = aCar();
    let advertised = false;
    const fetchMock = mockFetch({
      [LIST]: () => json({ items: [{ ...car, isAdvertised: advertised }], nextCursor: null }),
      'POST /api/advertise': () => {
        advertised = true;
        return json({ id: 'ad1', carId: car.id, advertisedAt: '2025-03-05T10:00:00.000Z' }, 201);
      },
    });
    renderList();

    await userEvent.click(
      await screen.findByRole('button', { name: `Advertise 2021 Porsche 911 GT3 Touring` }),
    );
    expect(await screen.findByText('Post added to advertisement')).toBeInTheDocument();
    expect(await screen.findByText('Advertised')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Advertise/ })).not.toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/advertise') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ carId: car.id });
  });

  it('marks a car sold only once confirmed, saying how many test drives it cancels and refunds', async () => {
    const car = aCar();
    const fetchMock = mockFetch({
      [LIST]: json({ items: [car], nextCursor: null }),
      [`GET /api/testdrivebooking/car/${car.id}/ahead`]: json({ count: 2, paid: 1, refundTotal: 12_000 }),
      [`PATCH /api/cars/${car.id}`]: json({ ...car, soldAt: '2025-04-01T00:00:00.000Z' }),
    });
    const patched = () => fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH');
    renderList();
    const markSold = await screen.findByRole('button', {
      name: 'Mark as sold: 2021 Porsche 911 GT3 Touring',
    });

    await userEvent.click(markSold);
    let dialog = await screen.findByRole('dialog', { name: 'Mark this car as sold?' });
    expect(
      await within(dialog).findByText(
        '2 test drives booked ahead will be cancelled, 1 of them paid: its $120.00 fee will be refunded. Their buyers are told.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Marking it available again does not bring cancelled test drives back.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(patched()).toBe(false);

    await userEvent.click(markSold);
    dialog = await screen.findByRole('dialog', { name: 'Mark this car as sold?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark as sold' }));
    expect(await screen.findByText('Marked as sold')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === `/api/cars/${car.id}`) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ sold: true });
  });

  it('marks a sold car available again in one click', async () => {
    const car = aCar({ soldAt: '2025-04-01T00:00:00.000Z' });
    const fetchMock = mockFetch({
      [LIST]: json({ items: [car], nextCursor: null }),
      [`PATCH /api/cars/${car.id}`]: json({ ...car, soldAt: null }),
    });
    renderList();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark as available: 2021 Porsche 911 GT3 Touring' }),
    );
    expect(await screen.findByText('Marked as available')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === `/api/cars/${car.id}`) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ sold: false });
  });

  it('deletes a car only after the confirmation, which says what happens to its test drives', async () => {
    const car = aCar();
    let deleted = false;
    const fetchMock = mockFetch({
      [LIST]: () => json({ items: deleted ? [] : [car], nextCursor: null }),
      [`GET /api/testdrivebooking/car/${car.id}/ahead`]: json({ count: 1, paid: 0, refundTotal: 0 }),
      [`DELETE /api/cars/${car.id}`]: () => {
        deleted = true;
        return json({ deletedCount: 1 });
      },
    });
    renderList();

    await userEvent.click(await screen.findByRole('button', { name: 'Delete 2021 Porsche 911 GT3 Touring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    expect(
      await within(dialog).findByText(
        '1 test drive booked ahead will be cancelled; it is not paid. Its buyer is told.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete 2021 Porsche 911 GT3 Touring' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }),
    );
    expect(await screen.findByText('Deleted post successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('You have not posted a car yet')).toBeInTheDocument());
  });

  it('invites a seller with no cars to post one', async () => {
    mockFetch({ [LIST]: json({ items: [], nextCursor: null }) });
    renderList();
    expect((await screen.findByRole('link', { name: 'Post a Car' })).getAttribute('href')).toBe(
      '/dash/seller/addproduct',
    );
  });
});
