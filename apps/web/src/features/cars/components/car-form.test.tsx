import { carYearMax, VIN_CHECK_DIGIT_MESSAGE, type VinDecode } from '@redline/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PhotoPickerProps } from '../../../components/photos/photo-picker.tsx';
import { aCar, aSellerCar } from '../../../testing/fixtures/car.ts';
import { aMake, aModel } from '../../../testing/fixtures/vehicle.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { chooseUnits } from '../../../testing/units.ts';
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
  answerPlaces();
  renderWithProviders(<CarForm categories={categories} onSaved={onSaved} {...props} />);
  return { onSaved };
};

const volkswagen = aMake(7, 'Volkswagen');
const porsche = aMake(9, 'Porsche');

/** The catalogue: "vw" and "volk" find Volkswagen, "pors" Porsche; Volkswagen's models are the Golf and the Golf R. */
function answerCatalogue() {
  answer({
    'GET /vehicles/makes': ({ query }) => {
      const q = query.get('q')?.toLowerCase() ?? '';
      return {
        items: [volkswagen, porsche].filter(
          (make) => make.name.toLowerCase().startsWith(q) || (q === 'vw' && make === volkswagen),
        ),
      };
    },
    'GET /vehicles/makes/:makeId/models': ({ params, query }) => {
      const q = query.get('q')?.toLowerCase() ?? '';
      const models = params.makeId === '7' ? [aModel(70, 7, 'Golf'), aModel(71, 7, 'Golf R')] : [];
      return { items: models.filter((model) => model.name.toLowerCase().startsWith(q)) };
    },
  });
}

/** Everything the form requires but the make and model, filled in. */
async function fillTheRest() {
  await userEvent.selectOptions(screen.getByLabelText('Year'), '1974');
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'sports');
  await userEvent.selectOptions(screen.getByLabelText('Body style'), 'Hatchback');
  await userEvent.selectOptions(screen.getByLabelText('Transmission'), 'Manual');
  await userEvent.selectOptions(screen.getByLabelText('Drivetrain'), 'FWD');
  await userEvent.selectOptions(screen.getByLabelText('Fuel'), 'Petrol');
  await userEvent.type(screen.getByLabelText('Engine'), '1.5 L inline-four');
  await userEvent.type(screen.getByLabelText('Top speed'), '160');
  await userEvent.click(
    within(screen.getByRole('group', { name: 'Exterior colour' })).getByRole('radio', { name: 'Yellow' }),
  );
  await userEvent.type(screen.getByLabelText('Mileage'), '98000');
  await userEvent.type(screen.getByLabelText('Asking price'), '18,500');
  await userEvent.type(screen.getByLabelText('Original price'), '18500');
  await userEvent.type(screen.getByLabelText('About'), 'A first-year Golf, restored.');
  await userEvent.type(screen.getByLabelText('ZIP code'), '33139');
  await userEvent.click(screen.getByRole('button', { name: 'Add two photos' }));
  const declarations = screen.getByRole('region', { name: 'Declarations' });
  for (const box of within(declarations).getAllByRole('checkbox')) await userEvent.click(box);
}

const MIAMI_BEACH = { postalCode: '33139', country: 'US', city: 'Miami Beach', region: 'FL' } as const;

/** The gazetteer: 33139 is Miami Beach, 00000 no place. */
function answerPlaces() {
  answer({
    'POST /market-value/estimate': ESTIMATE,
    'GET /places/:postalCode': ({ params }) =>
      params.postalCode === MIAMI_BEACH.postalCode
        ? MIAMI_BEACH
        : apiError(404, 'not_found', `The ZIP code ${params.postalCode} was not found.`),
  });
}

/** The market value of any car described (answered for every test; its own tests answer their own). */
const ESTIMATE = {
  estimate: 2_000_000,
  low: 1_800_000,
  high: 2_200_000,
  comparables: 12,
  family: 'model',
  area: 'nation',
} as const;

/** What the form sent but the estimates it asked as the car was described (a read, asked as fields fill). */
const sentBeyondTheEstimate = () => requests().filter((request) => request.path !== '/market-value/estimate');

const posted = () =>
  sentBeyondTheEstimate().find((request) => request.method === 'POST' && request.path === '/cars')?.body;

describe('CarForm (Post a Car)', () => {
  it('offers the years from next year down to 1900, the four fuels and the specifications', () => {
    renderForm();
    const year = screen.getByLabelText('Year') as HTMLSelectElement;
    expect(year.value).toBe('');
    const years = Array.from(year.options)
      .slice(1)
      .map((o) => Number(o.value));
    expect(years[0]).toBe(carYearMax());
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(carYearMax() - 1900 + 1);
    const options = (label: string) =>
      Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.value);
    expect(options('Fuel')).toEqual(['', 'Petrol', 'Diesel', 'Electric', 'Hybrid']);
    expect(options('Transmission')).toEqual(['', 'Manual', 'Automatic', 'Dual-clutch', 'CVT']);
    expect(options('Title status (optional)')).toEqual(['', 'Clean', 'Salvage', 'Rebuilt', 'Lemon']);
    const exterior = screen.getByRole('group', { name: 'Exterior colour' });
    expect(within(exterior).getAllByRole('radio')).toHaveLength(13);
    // The interior colour may be left out.
    const interior = screen.getByRole('group', { name: 'Interior colour (optional)' });
    expect(within(interior).getByRole('radio', { name: 'Not given' })).toBeChecked();
  });

  it('shows every rule on an empty submit, the specifications and "Photo is required" included, and sends nothing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));

    expect(await screen.findByText('Brand is required')).toBeInTheDocument();
    for (const message of [
      'Year is required',
      'Model is required',
      'Engine is required',
      'Fuel is required',
      'Body style is required',
      'Transmission is required',
      'Drivetrain is required',
      'Colour is required',
      'Category is required',
      'Top speed is required',
      'Mileage is required',
      'Asking price is required',
      'Original price is required',
      'About is required',
      'Photo is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('You must confirm this declaration')).toHaveLength(4);
    expect(screen.getByLabelText('Brand').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Body style').getAttribute('aria-invalid')).toBe('true');
    expect(sentBeyondTheEstimate()).toEqual([]);
  });

  it('offers Volkswagen for "vw", picks it and its model with the keyboard, and posts the car with what was left empty as null', async () => {
    answerCatalogue();
    const created = aSellerCar();
    answer({ 'POST /cars': created });
    const { onSaved } = renderForm();

    const brand = screen.getByRole('combobox', { name: 'Brand' });
    await userEvent.type(brand, 'vw');
    const makes = await screen.findByRole('listbox', { name: 'Brand suggestions' });
    await screen.findByRole('option', { name: 'Use “vw” — not in the list' });
    expect(brand.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(makes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Volkswagen', 'Use “vw” — not in the list']);
    await userEvent.keyboard('{ArrowDown}');
    expect(brand.getAttribute('aria-activedescendant')).toBe(within(makes).getAllByRole('option')[0]?.id);
    await userEvent.keyboard('{Enter}');
    expect(brand).toHaveValue('Volkswagen');
    expect(brand.getAttribute('aria-expanded')).toBe('false');

    const model = screen.getByRole('combobox', { name: 'Model' });
    await userEvent.type(model, 'golf');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listbox', { name: 'Model suggestions' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Golf', 'Golf R']),
    );
    // Down past the last option wraps round to the first.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(model).toHaveValue('Golf');
    expect(screen.queryByText(/not in our catalogue/)).not.toBeInTheDocument();

    await fillTheRest();
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(posted()).toEqual({
      year: 1974,
      brand: 'Volkswagen',
      model: 'Golf',
      trim: null,
      vin: null,
      categoryId: 'sports',
      bodyStyle: 'Hatchback',
      transmission: 'Manual',
      drivetrain: 'FWD',
      engine: '1.5 L inline-four',
      fuel: 'Petrol',
      exteriorColour: 'Yellow',
      exteriorColourName: null,
      interiorColour: null,
      interiorColourName: null,
      doors: null,
      seats: null,
      previousOwners: null,
      titleStatus: null,
      about: 'A first-year Golf, restored.',
      askingPrice: 1_850_000,
      originalPrice: 1_850_000,
      // Typed in the market's units: 160 mph and 98,000 mi.
      topSpeed: 257,
      kmDriven: 157_716,
      postalCode: '33139',
      deliveryRadiusKm: null,
      photos: ['photo-a', 'photo-b'],
      declarations: { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true },
    });
    expect(await screen.findByText('Post created successfully')).toBeInTheDocument();
  });

  it('enters a model the catalogue lacks through the last option, saying the admins will review it', async () => {
    answerCatalogue();
    answer({ 'POST /cars': aSellerCar() });
    renderForm();
    await userEvent.type(screen.getByRole('combobox', { name: 'Brand' }), 'volk');
    await screen.findByRole('option', { name: 'Use “volk” — not in the list' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Volkswagen');

    const model = screen.getByRole('combobox', { name: 'Model' });
    await userEvent.type(model, 'Golf Country');
    const other = await screen.findByRole('option', { name: 'Use “Golf Country” — not in the list' });
    // The last option, reached from the field by going up.
    await userEvent.keyboard('{ArrowUp}');
    expect(model.getAttribute('aria-activedescendant')).toBe(other.id);
    await userEvent.keyboard('{Enter}');
    expect(model).toHaveValue('Golf Country');
    expect(
      screen.getByText('“Golf Country” is not in our catalogue yet: the admins will review it.'),
    ).toBeInTheDocument();

    await fillTheRest();
    await userEvent.type(screen.getByLabelText('Trim (optional)'), 'Syncro');
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Interior colour (optional)' })).getByRole('radio', {
        name: 'Beige',
      }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Doors (optional)'), '3');
    await userEvent.type(screen.getByLabelText('Previous owners (optional)'), '2');
    await userEvent.selectOptions(screen.getByLabelText('Title status (optional)'), 'Rebuilt');
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));
    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()).toMatchObject({
      brand: 'Volkswagen',
      model: 'Golf Country',
      trim: 'Syncro',
      interiorColour: 'Beige',
      doors: 3,
      previousOwners: 2,
      titleStatus: 'Rebuilt',
    });
  });

  it('enters a make the catalogue lacks the same way, and closes the list with Escape', async () => {
    answerCatalogue();
    renderForm();
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    await userEvent.type(brand, 'Zagato');
    await screen.findByRole('option', { name: 'Use “Zagato” — not in the list' });
    await userEvent.keyboard('{Escape}');
    expect(brand.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(brand).toHaveValue('Zagato');

    await userEvent.keyboard('{ArrowDown}');
    expect(brand.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(
      screen.getByText('“Zagato” is not in our catalogue yet: the admins will review it.'),
    ).toBeInTheDocument();
    // A make the catalogue lacks has no list of models: the seller's own words are the model.
    const model = screen.getByRole('combobox', { name: 'Model' });
    await userEvent.type(model, 'Raptor');
    const models = screen.getByRole('listbox', { name: 'Model suggestions' });
    expect(
      within(models)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Use “Raptor” — not in the list']);
    expect(sentBeyondTheEstimate().some((request) => request.path.endsWith('/models'))).toBe(false);
  });

  it("puts the server's field messages under the fields", async () => {
    answerCatalogue();
    answer({
      'POST /cars': apiError(400, 'validation_failed', 'Check the form.', {
        categoryId: 'Choose a category from the list',
        vin: 'At most 20 characters',
      }),
    });
    renderForm();
    await userEvent.type(screen.getByRole('combobox', { name: 'Brand' }), 'Porsche');
    await userEvent.type(screen.getByRole('combobox', { name: 'Model' }), '911');
    await fillTheRest();
    // The year chosen is 1974: a chassis number, checked by the server only.
    await userEvent.type(screen.getByLabelText('Chassis number (optional)'), '9114600123');
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));

    expect(await screen.findByText('Choose a category from the list')).toBeInTheDocument();
    expect(screen.getByText('At most 20 characters')).toBeInTheDocument();
    expect(await screen.findByText('Check the form.')).toBeInTheDocument();
  });
});

const VIN = 'WP0AC2A99PS230517';

describe('CarForm (the market value)', () => {
  const estimateAsked = () => requests().filter((request) => request.path === '/market-value/estimate');
  const help = () => screen.getByRole('region', { name: 'What cars like it sell for' });

  it('shows the estimate once the year, brand, model and mileage are filled, and rates the price as it is typed', async () => {
    renderForm();
    answerCatalogue();
    expect(help()).toHaveTextContent('Fill in the year, brand, model and mileage');
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2020');
    await userEvent.type(screen.getByRole('combobox', { name: 'Brand' }), 'Porsche');
    await userEvent.type(screen.getByRole('combobox', { name: 'Model' }), '911');
    expect(estimateAsked()).toEqual([]);
    await userEvent.type(screen.getByLabelText('Mileage'), '30000');
    await waitFor(() => expect(help()).toHaveTextContent('Market value $20,000'));
    expect(help()).toHaveTextContent('most between $18,000 and $22,000 · from 12 comparable cars');
    expect(help()).toHaveTextContent('Type an asking price to see its deal rating.');
    // Asked once the typing paused, with what the model reads (30,000 mi in km): not a request a keystroke.
    expect(estimateAsked().at(-1)?.body).toEqual({
      brand: 'Porsche',
      model: '911',
      year: 2020,
      kmDriven: 48_280,
      trim: null,
      previousOwners: null,
      titleStatus: null,
      transmission: null,
      drivetrain: null,
      postalCode: null,
    });
    expect(estimateAsked().length).toBeLessThan(4);
    const asked = estimateAsked().length;

    // The rating follows the price typed, with no request: arithmetic on the estimate.
    await userEvent.type(screen.getByLabelText('Asking price'), '17,500');
    expect(within(help()).getByText('Great deal')).toBeInTheDocument();
    expect(help()).toHaveTextContent('At $17,500:');
    expect(help()).toHaveTextContent('$2,500 under the market value');
    await userEvent.clear(screen.getByLabelText('Asking price'));
    await userEvent.type(screen.getByLabelText('Asking price'), '21500');
    expect(within(help()).getByText('High price')).toBeInTheDocument();
    expect(help()).toHaveTextContent('$1,500 over the market value');
    expect(estimateAsked()).toHaveLength(asked);
  });

  it('says "not enough data" plainly when too few cars are like it', async () => {
    renderForm({ car: aSellerCar({ kmDriven: 8_400 }) });
    answer({
      'POST /market-value/estimate': { ...ESTIMATE, estimate: null, low: null, high: null, comparables: 2 },
    });
    await waitFor(() =>
      expect(help()).toHaveTextContent(
        'Not enough data to estimate its market value: 2 comparable cars on Redline, at least 5 are needed.',
      ),
    );
    expect(within(help()).queryByText(/deal/i)).toBeNull();
  });

  it("says why a make's cars cannot value it when its models differ in price", async () => {
    renderForm({ car: aSellerCar({ kmDriven: 8_400 }) });
    answer({
      'POST /market-value/estimate': { ...ESTIMATE, estimate: null, low: null, high: null, comparables: 9 },
    });
    await waitFor(() =>
      expect(help()).toHaveTextContent(
        "Not enough data to estimate its market value: 9 comparable cars of its make on Redline, but fewer than 5 of its model, and the make's models differ too much in price to value it by them.",
      ),
    );
  });
});

describe('CarForm (the VIN)', () => {
  const decoded: VinDecode = {
    vin: VIN,
    year: 1993,
    brand: 'Porsche',
    makeId: 9,
    model: '911',
    modelId: 90,
    trim: 'Carrera RS America',
    bodyStyle: 'Coupe',
    engine: '3.6 L flat-6',
    fuel: 'Petrol',
    drivetrain: 'RWD',
    transmission: 'Manual',
    doors: null,
  };
  const vinField = () => screen.getByRole('textbox', { name: 'VIN (optional)' });

  it('decodes the VIN and prefills what it says of the car, marked for the seller to check and change', async () => {
    answer({ 'GET /vehicles/vin/:vin': ({ params }) => ({ ...decoded, vin: params.vin }) });
    renderForm();
    expect(screen.getByRole('button', { name: 'Decode' })).toBeDisabled();
    await userEvent.type(vinField(), VIN);
    await userEvent.click(screen.getByRole('button', { name: 'Decode' }));

    await waitFor(() => expect(screen.getByLabelText('Year')).toHaveValue('1993'));
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Porsche');
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('911');
    expect(screen.getByLabelText('Trim (optional)')).toHaveValue('Carrera RS America');
    expect(screen.getByLabelText('Body style')).toHaveValue('Coupe');
    expect(screen.getByLabelText('Engine')).toHaveValue('3.6 L flat-6');
    expect(screen.getByLabelText('Fuel')).toHaveValue('Petrol');
    expect(screen.getByLabelText('Drivetrain')).toHaveValue('RWD');
    expect(screen.getByLabelText('Transmission')).toHaveValue('Manual');
    // What the VIN does not say stays as it was.
    expect(screen.getByLabelText('Doors (optional)')).toHaveValue('');
    expect(screen.getAllByText('From the VIN — check it')).toHaveLength(9);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Filled in 9 fields from the VIN: check each one marked below.',
    );
    expect(sentBeyondTheEstimate().map((request) => request.path)).toEqual([`/vehicles/vin/${VIN}`]);

    // The seller corrects one: its mark goes, the others stay.
    await userEvent.selectOptions(screen.getByLabelText('Transmission'), 'Automatic');
    expect(screen.getAllByText('From the VIN — check it')).toHaveLength(8);
  });

  it("shows the server's reason under the field when it cannot decode the VIN", async () => {
    answer({
      'GET /vehicles/vin/:vin': apiError(400, 'validation_failed', 'Check the VIN.', {
        vin: VIN_CHECK_DIGIT_MESSAGE,
      }),
    });
    renderForm();
    await userEvent.type(vinField(), '1HGCM82633A004353');
    await userEvent.click(screen.getByRole('button', { name: 'Decode' }));

    expect(await screen.findByText(VIN_CHECK_DIGIT_MESSAGE)).toBeInTheDocument();
    expect(vinField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Year')).toHaveValue('');
  });

  it('says nothing was found and leaves the form as it was when the VIN is not recognised', async () => {
    answer({ 'GET /vehicles/vin/:vin': apiError(404, 'not_found', 'Nothing is known of this VIN.') });
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Year'), '2020');
    await userEvent.type(screen.getByLabelText('Engine'), 'V8');
    await userEvent.type(vinField(), VIN);
    await userEvent.click(screen.getByRole('button', { name: 'Decode' }));

    expect(
      await screen.findByText('Nothing was found for this VIN: fill in the car yourself.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Year')).toHaveValue('2020');
    expect(screen.getByLabelText('Engine')).toHaveValue('V8');
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
    expect(screen.queryByText('From the VIN — check it')).not.toBeInTheDocument();
  });

  it('shows the city and state of the ZIP code typed, or that it is unknown, and posts the delivery distance in km', async () => {
    answerCatalogue();
    answer({ 'POST /cars': aSellerCar() });
    renderForm();
    const zip = screen.getByLabelText('ZIP code');
    await userEvent.type(zip, '00000');
    expect(await screen.findByText("We don't know the ZIP code 00000")).toBeInTheDocument();
    await userEvent.clear(zip);
    expect(screen.getByText('The 5-digit ZIP code where the car is.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'Brand' }), 'Zagato');
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByRole('combobox', { name: 'Model' }), 'Raptor');
    await fillTheRest();
    expect(await screen.findByText('Miami Beach, FL')).toBeInTheDocument();
    expect(screen.queryByLabelText('Delivers within')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I can deliver this car' }));
    const distance = screen.getByLabelText('Delivers within') as HTMLSelectElement;
    expect(Array.from(distance.options).map((option) => option.text)).toEqual([
      '25 mi',
      '50 mi',
      '100 mi',
      '250 mi',
      '500 mi',
    ]);
    await userEvent.selectOptions(distance, '250');
    await userEvent.click(screen.getByRole('button', { name: 'Post the car' }));

    await waitFor(() => expect(posted()).toBeDefined());
    expect(posted()).toMatchObject({ postalCode: '33139', deliveryRadiusKm: 250 * 1.609344 });
  });

  it("starts at the seller's default location, shown without asking", () => {
    renderForm({ defaultPlace: MIAMI_BEACH });
    expect(screen.getByLabelText('ZIP code')).toHaveValue('33139');
    expect(screen.getByText('Miami Beach, FL')).toBeInTheDocument();
    expect(sentBeyondTheEstimate()).toEqual([]);
  });

  it('asks a car before 1981 for its chassis number, which is not decoded', async () => {
    renderForm();
    await userEvent.selectOptions(screen.getByLabelText('Year'), '1967');
    expect(screen.getByRole('textbox', { name: 'Chassis number (optional)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decode' })).not.toBeInTheDocument();
  });
});

describe('CarForm (Edit post)', () => {
  it('starts from the car, hides the declarations and PATCHes the changes', async () => {
    const car = aCar();
    answer({ 'PATCH /cars/:id': aSellerCar({ ...car, askingPrice: 17_500_000 }) });
    const { onSaved } = renderForm({ car });

    expect((screen.getByLabelText('Asking price') as HTMLInputElement).value).toBe('189500');
    expect(screen.queryByRole('region', { name: 'Declarations' })).not.toBeInTheDocument();
    const price = screen.getByLabelText('Asking price');
    await userEvent.clear(price);
    await userEvent.type(price, '175000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const sent = sentBeyondTheEstimate().find((request) => request.path === `/cars/${car.id}`);
    expect(sent?.method).toBe('PATCH');
    expect(sent?.body).toMatchObject({ askingPrice: 17_500_000, photos: ['cover1', 'side2'] });
    expect(sent?.body).not.toHaveProperty('declarations');
  });

  describe('mileage and top speed in the visitor’s units', () => {
    // 8,400 km shows as 5,220 mi, which is 8,401 km; 321 km/h as 199 mph, which is 320 km/h.
    const car = aCar({ kmDriven: 8_400, topSpeed: 321 });
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    const save = async (typed: Record<string, string> = {}) => {
      answer({ 'PATCH /cars/:id': aSellerCar(car) });
      for (const [label, text] of Object.entries(typed)) {
        await userEvent.clear(field(label));
        await userEvent.type(field(label), text);
      }
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(sentBeyondTheEstimate()).toHaveLength(1));
      return sentBeyondTheEstimate()[0]?.body;
    };

    it('shows them in miles and mph, and sends them back as stored when left as shown', async () => {
      renderForm({ car });
      expect(field('Mileage').value).toBe('5220');
      expect(field('Top speed').value).toBe('199');
      expect(field('Mileage').parentElement?.textContent).toBe('mi');
      expect(field('Top speed').parentElement?.textContent).toBe('mph');

      expect(await save()).toMatchObject({ kmDriven: 8_400, topSpeed: 321 });
    });

    it('keeps them as stored when the same numbers are typed again', async () => {
      renderForm({ car });
      expect(await save({ Mileage: '5,220', 'Top speed': '199' })).toMatchObject({
        kmDriven: 8_400,
        topSpeed: 321,
      });
    });

    it('sends new numbers in whole km and km/h', async () => {
      renderForm({ car });
      // 5,221 mi is 8,402.39 km; 200 mph is 321.87 km/h.
      expect(await save({ Mileage: '5221', 'Top speed': '200' })).toMatchObject({
        kmDriven: 8_402,
        topSpeed: 322,
      });
    });

    it('says the top speed limit in the units typed, and sends nothing past it', async () => {
      renderForm({ car });
      // 600 km/h is 372.8 mph: 373 mph is 600 km/h once whole, 374 mph 602.
      await userEvent.clear(field('Top speed'));
      await userEvent.type(field('Top speed'), '374');
      await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('Top speed must be at most 373 mph')).toBeInTheDocument();
      expect(sentBeyondTheEstimate()).toEqual([]);
      expect(await save({ 'Top speed': '373' })).toMatchObject({ topSpeed: 600 });
    });

    it('shows and sends them in km and km/h to a visitor who chose km', async () => {
      chooseUnits('metric');
      renderForm({ car });
      expect(field('Mileage').value).toBe('8400');
      expect(field('Top speed').value).toBe('321');
      expect(field('Top speed').parentElement?.textContent).toBe('km/h');

      expect(await save({ Mileage: '8401' })).toMatchObject({ kmDriven: 8_401, topSpeed: 321 });
    });
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
    await typeInto('Mileage', '-5');
    await typeInto('Top speed', '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Asking price must be at least $100')).toBeInTheDocument();
    expect(
      screen.getByText('Enter the original price in dollars, like 12500 or 12,500.50'),
    ).toBeInTheDocument();
    expect(screen.getByText('Mileage cannot be negative')).toBeInTheDocument();
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
    expect(sentBeyondTheEstimate()).toEqual([]);
  });

  it('asks a car posted before the specifications for the four now required, and sends nothing until given', async () => {
    renderForm({
      car: aCar({ bodyStyle: null, transmission: null, drivetrain: null, exteriorColour: null }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Body style is required')).toBeInTheDocument();
    for (const message of ['Transmission is required', 'Drivetrain is required', 'Colour is required'])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(sentBeyondTheEstimate()).toEqual([]);
  });

  it('asks a car posted before locations for its ZIP code, and sends nothing until given', async () => {
    renderForm({ car: aCar({ location: null }) });
    expect(screen.getByLabelText('ZIP code')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(sentBeyondTheEstimate()).toEqual([]);
  });

  it("shows the car's place and delivery distance, and sends them back as they are", async () => {
    const car = aCar({ deliveryRadiusKm: 150 });
    answer({ 'PATCH /cars/:id': aSellerCar(car) });
    const { onSaved } = renderForm({ car });
    expect(screen.getByText('Beverly Hills, CA')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I can deliver this car' })).toBeChecked();
    // 150 km is 93 mi, not one of the choices: it is offered as it is.
    expect(screen.getByLabelText('Delivers within')).toHaveDisplayValue('93 mi');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentBeyondTheEstimate().find((request) => request.method === 'PATCH')?.body).toMatchObject({
      postalCode: '90210',
      deliveryRadiusKm: 150,
    });
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
    expect(sentBeyondTheEstimate()).toEqual([]);
  });
});
