import type { ListedSellerCar } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aListedSellerCar } from '../../../testing/fixtures/car.ts';
import { type Answers, answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { SellerCarsList } from './seller-cars-list.tsx';

const EMAIL = 'sam@example.com';

/** Answers the list of EMAIL's cars with `cars()` as they are when asked, and the `others` routes. */
const answerList = (cars: () => ListedSellerCar[], others: Answers = {}) =>
  answer({
    'GET /cars/email/:email': ({ params }) => ({
      items: params.email === EMAIL ? cars() : [],
      nextCursor: null,
    }),
    ...others,
  });

const renderList = () =>
  renderWithProviders(<SellerCarsList email={EMAIL} categories={[{ id: 'sports', name: 'Sports cars' }]} />);

describe('SellerCarsList (My Posts)', () => {
  it('lists each car with photo, year and brand, model, price, mileage, added date, a Details link and its Performance', async () => {
    const car = aListedSellerCar();
    answerList(() => [car]);
    renderList();

    const row = (await screen.findByText('911 GT3 Touring')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: '2021 Porsche 911 GT3 Touring' })).toBeInTheDocument();
    expect(row.textContent).toContain('2021 Porsche');
    expect(row.textContent).toContain('$189,500');
    expect(row.textContent).toContain('7,767 mi');
    expect(
      within(row).getByRole('link', { name: 'Details of 2021 Porsche 911 GT3 Touring' }).getAttribute('href'),
    ).toBe(`/cars/id/${car.id}`);
    expect(
      within(row)
        .getByRole('link', { name: 'Performance of 2021 Porsche 911 GT3 Touring' })
        .getAttribute('href'),
    ).toBe(`/dash/seller/performance/${car.id}`);
  });

  it("shows each car's rating and market value, and what lowering its price by an amount would make of it", async () => {
    const value = {
      estimate: 17_500_000,
      low: 16_000_000,
      high: 19_000_000,
      rating: 'high',
      comparables: 14,
      family: 'model',
      area: 'region',
      fittedAt: '2026-11-29T10:00:00.000Z',
    } as const;
    answerList(() => [aListedSellerCar({ askingPrice: 18_950_000, marketValue: value })]);
    renderList();

    const row = (await screen.findByText('911 GT3 Touring')).closest('tr') as HTMLElement;
    expect(within(row).getByText('High price')).toBeInTheDocument();
    expect(row.textContent).toContain('Market value $175,000');
    await userEvent.click(within(row).getByText('What if I lower the price?'));
    const cut = within(row).getByLabelText('Lower by');
    // $189,500 less $10,000 is $179,500: 2.6 % over the estimate, fair.
    await userEvent.type(cut, '10,000');
    expect(within(row).getByText('Fair price')).toBeInTheDocument();
    expect(row.textContent).toContain('At $179,500:');
    expect(row.textContent).toContain('$4,500 over the market value');
    // $189,500 less $25,000 is $164,500: 6 % under, good; nothing asked of the server.
    await userEvent.clear(cut);
    await userEvent.type(cut, '25000');
    expect(within(row).getByText('Good deal')).toBeInTheDocument();
    expect(row.textContent).toContain('$10,500 under the market value');
    expect(requests().map((request) => request.path)).toEqual([`/cars/email/${encodeURIComponent(EMAIL)}`]);
    // An amount the price cannot lose shows no rating.
    await userEvent.clear(cut);
    await userEvent.type(cut, '200000');
    expect(row.textContent).not.toContain('At $');
  });

  it('says "not enough data" for a car too few are like, and nothing for one not valued yet', async () => {
    const lonely = aListedSellerCar({
      id: 'lonely',
      model: 'Elise',
      marketValue: {
        estimate: null,
        low: null,
        high: null,
        rating: 'none',
        comparables: 1,
        family: 'make',
        area: 'nation',
        fittedAt: '2026-11-29T10:00:00.000Z',
      },
    });
    answerList(() => [lonely, aListedSellerCar({ id: 'new', model: 'Cayman' })]);
    renderList();
    const rowOf = async (model: string) => (await screen.findByText(model)).closest('tr') as HTMLElement;
    expect(within(await rowOf('Elise')).getByText('Not enough data')).toBeInTheDocument();
    expect(within(await rowOf('Elise')).queryByText('What if I lower the price?')).toBeNull();
    expect((await rowOf('Cayman')).textContent).toContain('Not valued yet');
  });

  it('advertises a car once and then shows it as Advertised', async () => {
    const car = aListedSellerCar();
    let advertised = false;
    answerList(() => [{ ...car, isAdvertised: advertised }], {
      'POST /advertise': () => {
        advertised = true;
        return { id: 'ad1', carId: car.id, advertisedAt: '2025-03-05T10:00:00.000Z' };
      },
    });
    renderList();

    await userEvent.click(
      await screen.findByRole('button', { name: `Advertise 2021 Porsche 911 GT3 Touring` }),
    );
    expect(await screen.findByText('Post added to advertisement')).toBeInTheDocument();
    expect(await screen.findByText('Advertised')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Advertise/ })).not.toBeInTheDocument();
    expect(requests().find((request) => request.path === '/advertise')?.body).toEqual({ carId: car.id });
  });

  it('marks a car sold only once confirmed, saying how many test drives it cancels and refunds', async () => {
    const car = aListedSellerCar();
    answerList(() => [car], {
      'GET /testdrivebooking/car/:id/ahead': { count: 2, paid: 1, refundTotal: 12_000 },
      'PATCH /cars/:id': { ...car, soldAt: '2025-04-01T00:00:00.000Z' },
    });
    const patched = () => requests().some((request) => request.method === 'PATCH');
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
    expect(requests().find((request) => request.path === `/cars/${car.id}`)?.body).toEqual({ sold: true });
  });

  it('marks a sold car available again in one click', async () => {
    const car = aListedSellerCar({ soldAt: '2025-04-01T00:00:00.000Z' });
    answerList(() => [car], { 'PATCH /cars/:id': { ...car, soldAt: null } });
    renderList();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark as available: 2021 Porsche 911 GT3 Touring' }),
    );
    expect(await screen.findByText('Marked as available')).toBeInTheDocument();
    expect(requests().find((request) => request.path === `/cars/${car.id}`)?.body).toEqual({ sold: false });
  });

  it('deletes a car only after the confirmation, which says what happens to its test drives', async () => {
    const car = aListedSellerCar();
    let deleted = false;
    answerList(() => (deleted ? [] : [car]), {
      'GET /testdrivebooking/car/:id/ahead': { count: 1, paid: 0, refundTotal: 0 },
      'DELETE /cars/:id': () => {
        deleted = true;
        return { deletedCount: 1 };
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
    expect(requests().some((request) => request.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete 2021 Porsche 911 GT3 Touring' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }),
    );
    expect(await screen.findByText('Deleted post successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('You have not posted a car yet')).toBeInTheDocument());
  });

  it('invites a seller with no cars to post one', async () => {
    answerList(() => []);
    renderList();
    expect((await screen.findByRole('link', { name: 'Post a Car' })).getAttribute('href')).toBe(
      '/dash/seller/addproduct',
    );
  });
});
