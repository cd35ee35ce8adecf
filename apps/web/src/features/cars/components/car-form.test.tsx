import { carYearMax } from '@redline/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PhotoPickerProps } from '../../../components/photos/photo-picker.tsx';
import { aCar, aSellerCar } from '../../../testing/fixtures/car.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CarForm } from './car-form.tsx';

const categories = [
  { id: 'sports', name: 'Sports cars' },
  { id: 'suv', name: 'SUVs' },
];

/** Stands in for the photo picker: "uploads" two photos at a click. */
vi.mock('../../../components/photos/photo-picker.tsx', () => ({
  PhotoPicker: ({ id, onChange, error }: PhotoPickerProps) => (
    <div>
      <button type="button" id={id} onClick={() => onChange(['photo-a', 'photo-b'])}>
        Add two photos
      </button>
      {error ? <p>{error}</p> : null}
    </div>
  ),
}));

const renderForm = (props: Partial<Parameters<typeof CarForm>[0]> = {}) => {
  const onSaved = vi.fn();
  renderWithProviders(<CarForm categories={categories} onSaved={onSaved} {...props} />);
  return { onSaved };
};

describe('CarForm (Post a Car)', () => {
  it('starts at the current year and offers 1999 up to it, with the four fuels', () => {
    renderForm();
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(year.value).toBe(String(carYearMax()));
    const years = Array.from(year.options).map((o) => Number(o.value));
    expect(Math.min(...years)).toBe(1999);
    expect(Math.max(...years)).toBe(carYearMax());
    const fuels = Array.from((screen.getByLabelText('Fuel') as HTMLSelectElement).options).map(
      (o) => o.value,
    );
    expect(fuels).toEqual(['', 'Petrol', 'Diesel', 'Electric', 'Hybrid']);
  });

  it('shows every rule on an empty submit, "Photo is required" included, and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));

    expect(await screen.findByText('Brand is required')).toBeInTheDocument();
    for (const message of [
      'Model is required',
      'Engine is required',
      'Fuel is required',
      'Category is required',
      'Top speed is required',
      'Km driven is required',
      'Asking price is required',
      'Original price is required',
      'About is required',
      'Photo is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('You must confirm this declaration')).toHaveLength(4);
    expect(screen.getByLabelText('Brand').getAttribute('aria-invalid')).toBe('true');
    expect(requests()).toEqual([]);
  });

  it('posts the car with prices in cents and the photos in order, then reports success', async () => {
    const created = aSellerCar();
    answer({ 'POST /cars': created });
    const { onSaved } = renderForm();

    await userEvent.selectOptions(screen.getByLabelText('Year'), '2021');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'sports');
    await userEvent.type(screen.getByLabelText('Brand'), 'Porsche');
    await userEvent.type(screen.getByLabelText('Model'), '911 GT3');
    await userEvent.type(screen.getByLabelText('Engine'), '4.0 L flat-six');
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Petrol');
    await userEvent.type(screen.getByLabelText('Top speed'), '320');
    await userEvent.type(screen.getByLabelText('Km driven'), '12500');
    await userEvent.type(screen.getByLabelText('Asking price'), '189,500.50');
    await userEvent.type(screen.getByLabelText('Original price'), '215000');
    await userEvent.type(screen.getByLabelText('About'), 'One owner, full history.');
    await userEvent.click(screen.getByRole('button', { name: 'Add two photos' }));
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(requests().find((request) => request.path === '/cars')?.body).toEqual({
      year: 2021,
      brand: 'Porsche',
      model: '911 GT3',
      categoryId: 'sports',
      engine: '4.0 L flat-six',
      fuel: 'Petrol',
      about: 'One owner, full history.',
      askingPrice: 18_950_050,
      originalPrice: 21_500_000,
      topSpeed: 320,
      kmDriven: 12_500,
      photos: ['photo-a', 'photo-b'],
      declarations: { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true },
    });
    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
  });

  it("puts the server's field messages under the fields", async () => {
    answer({
      'POST /cars': apiError(400, 'validation_failed', 'Check the form.', {
        categoryId: 'Choose a category from the list',
      }),
    });
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'suv');
    await userEvent.type(screen.getByLabelText('Brand'), 'Audi');
    await userEvent.type(screen.getByLabelText('Model'), 'RS Q8');
    await userEvent.type(screen.getByLabelText('Engine'), 'V8');
    await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Petrol');
    await userEvent.type(screen.getByLabelText('Top speed'), '305');
    await userEvent.type(screen.getByLabelText('Km driven'), '0');
    await userEvent.type(screen.getByLabelText('Asking price'), '120000');
    await userEvent.type(screen.getByLabelText('Original price'), '130000');
    await userEvent.type(screen.getByLabelText('About'), 'New.');
    await userEvent.click(screen.getByRole('button', { name: 'Add two photos' }));
    for (const box of screen.getAllByRole('checkbox')) await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));

    expect(await screen.findByText('Choose a category from the list')).toBeInTheDocument();
    expect(await screen.findByText('Check the form.')).toBeInTheDocument();
  });
});

describe('CarForm (Edit post)', () => {
  it('starts from the car, hides the declarations and PATCHes the changes', async () => {
    const car = aCar();
    answer({ 'PATCH /cars/:id': aSellerCar({ ...car, askingPrice: 17_500_000 }) });
    const { onSaved } = renderForm({ car });

    expect((screen.getByLabelText('Asking price') as HTMLInputElement).value).toBe('189500');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    const price = screen.getByLabelText('Asking price');
    await userEvent.clear(price);
    await userEvent.type(price, '175000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = requests().find((request) => request.path === `/cars/${car.id}`);
    expect(sent?.method).toBe('PATCH');
    expect(sent?.body).toMatchObject({ askingPrice: 17_500_000, photos: ['cover1', 'side2'] });
    expect(sent?.body).not.toHaveProperty('declarations');
  });

  it('refuses at its field every number it cannot take as typed, and sends nothing', async () => {
    const car = aCar();
    renderForm({ car });
    const typeInto = async (label: string, text: string) => {
      const field = screen.getByLabelText(label);
      await userEvent.clear(field);
      await userEvent.type(field, text);
      return field;
    };
    const asking = await typeInto('Asking price', '-1');
    await typeInto('Original price', '1e3');
    await typeInto('Km driven', '-5');
    await typeInto('Top speed', '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Asking price must be at least $100')).toBeInTheDocument();
    expect(
      screen.getByText('Enter the original price in dollars, like 12500 or 12,500.50'),
    ).toBeInTheDocument();
    expect(screen.getByText('Km driven cannot be negative')).toBeInTheDocument();
    expect(screen.getByText('Top speed must be a whole number')).toBeInTheDocument();
    // What was typed stays as typed, for the seller to correct.
    expect((asking as HTMLInputElement).value).toBe('-1');
    expect(asking.getAttribute('aria-invalid')).toBe('true');

    await typeInto('Asking price', '0');
    await typeInto('Original price', '1e9');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Asking price must be at least $100')).toBeInTheDocument();
    expect(
      screen.getByText('Enter the original price in dollars, like 12500 or 12,500.50'),
    ).toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('refuses an asking price above the original price, at the original price', async () => {
    const car = aCar();
    renderForm({ car });
    const original = screen.getByLabelText('Original price');
    await userEvent.clear(original);
    await userEvent.type(original, '150000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('The original price must be at least the asking price'),
    ).toBeInTheDocument();
    expect(original.getAttribute('aria-invalid')).toBe('true');
    expect(requests()).toEqual([]);
  });
});
