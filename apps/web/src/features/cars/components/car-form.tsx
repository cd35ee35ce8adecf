/**
 * Post a Car and Edit post: every field and rule of spec section 5, validated in the browser with
 * the same shared rules the API uses. Numbers are typed as text and read as written (a sign or an
 * exponent is never dropped: utils/schemas.ts); prices are typed in dollars and sent as integer cents.
 */
import {
  BODY_STYLES,
  CAR_ABOUT_MAX,
  CAR_DOORS_MAX,
  CAR_SEATS_MAX,
  CAR_YEAR_MIN,
  type Car,
  type CarInput,
  COLOUR_NAME_MAX,
  COLOURS,
  type Colour,
  carYearMax,
  DRIVETRAINS,
  distanceIn,
  distanceUnit,
  FUELS,
  formatDistance,
  kmFrom,
  type Place,
  speedUnit,
  TITLE_STATUSES,
  TRANSMISSIONS,
  type UnitSystem,
  type VinDecode,
} from '@redline/shared';
import { type ComponentProps, type ReactNode, useId, useRef, useState } from 'react';
import {
  Controller,
  type DefaultValues,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { PhotoPicker } from '../../../components/photos/photo-picker.tsx';
import { ColourSwatch } from '../../../components/ui/colour-swatch.tsx';
import { DeclarationCheckboxes } from '../../../components/ui/declaration-checkboxes.tsx';
import {
  controlA11y,
  errorIdFor,
  Field,
  TextAreaField,
  TextField,
} from '../../../components/ui/form-field.tsx';
import { PostalCodeField } from '../../../components/ui/postal-code-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { centsText, readCents } from '../../../lib/number-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useUnitSystem } from '../../../lib/units.ts';
import { useDebounced } from '../../../lib/use-debounced.ts';
import { useCreateCar } from '../api/create-car.ts';
import { useVehicleMakes } from '../api/get-vehicle-makes.ts';
import { useVehicleModels } from '../api/get-vehicle-models.ts';
import { useUpdateCar } from '../api/update-car.ts';
import type { carInputSchema } from '../utils/schemas.ts';
import { CatalogueCombobox } from './catalogue-combobox.tsx';
import { describedCar, PriceHelp } from './price-help.tsx';
import { VinField } from './vin-field.tsx';

type CategoryOption = { id: string; name: string };

type CarFormProps = {
  /** The car being edited; without it the form posts a new car. */
  car?: Car;
  /** The seller's default location (their profile's), where a new car starts. */
  defaultPlace?: Place | null;
  categories: CategoryOption[] | undefined;
  onSaved: (car: Car) => void;
  onCancel?: () => void;
};

type CarFormInput = z.input<ReturnType<typeof carInputSchema>>;

const FIELD_NAMES = [
  'year',
  'brand',
  'model',
  'trim',
  'vin',
  'categoryId',
  'bodyStyle',
  'transmission',
  'drivetrain',
  'engine',
  'fuel',
  'exteriorColour',
  'exteriorColourName',
  'interiorColour',
  'interiorColourName',
  'doors',
  'seats',
  'previousOwners',
  'titleStatus',
  'about',
  'askingPrice',
  'originalPrice',
  'topSpeed',
  'kmDriven',
  'postalCode',
  'deliveryRadiusKm',
  'photos',
] as const satisfies readonly Path<CarFormInput>[];

/**
 * The form's rules for `units` (utils/schemas.ts); for editing `car` when given, the same minus the
 * declarations, which editing does not show.
 */
function resolverFor(units: UnitSystem, car: Car | undefined) {
  const resolver = car
    ? lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.carEditSchema(units, car)))
    : lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.carInputSchema(units)));
  return resolver as Resolver<CarFormInput, unknown, CarInput>;
}

/** A stored km (or km/h) as the field shows it in `units`: the whole number nearest. */
const shownIn = (value: number, units: UnitSystem) => String(Math.round(distanceIn(value, units)));

/** The fields a decoded VIN fills in. */
const PREFILLED = [
  'year',
  'brand',
  'model',
  'trim',
  'bodyStyle',
  'engine',
  'fuel',
  'drivetrain',
  'transmission',
  'doors',
] as const satisfies readonly (keyof VinDecode & Path<CarFormInput>)[];
type Prefilled = (typeof PREFILLED)[number];

/** The asking price typed, in cents, or undefined while it is not a price. */
function typedPrice(text: string): number | undefined {
  const cents = readCents(text);
  return cents !== undefined && Number.isFinite(cents) && cents > 0 ? cents : undefined;
}

/** The model year chosen, or undefined while none is. */
const readYear = (text: unknown) => (typeof text === 'string' && text !== '' ? Number(text) : undefined);

/** The mark of a field the VIN filled in, until the seller changes it. */
function FromTheVin() {
  return <span className="font-medium text-info">From the VIN — check it</span>;
}

/** The fields chosen from a list. */
const CHOICES = ['bodyStyle', 'transmission', 'drivetrain', 'fuel', 'doors', 'seats', 'titleStatus'] as const;

/** Next year's models first, down to the oldest classic. */
function yearOptions(): number[] {
  const years: number[] = [];
  for (let y = carYearMax(); y >= CAR_YEAR_MIN; y--) years.push(y);
  return years;
}

const countUpTo = (max: number) => Array.from({ length: max }, (_, i) => i + 1);

/** A stored value as the form's text: what the car has, or empty for what it does not say. */
const textOf = (value: string | number | null) => (value === null ? '' : String(value));

/**
 * The form's values for a new car, or for the car being edited (a choice it lacks is left to choose;
 * an older car may lack the ones now required).
 */
function startingValues(
  car: Car | undefined,
  units: UnitSystem,
  defaultPlace: Place | null,
): DefaultValues<CarFormInput> {
  if (!car)
    return {
      year: '',
      brand: '',
      model: '',
      trim: '',
      vin: '',
      engine: '',
      exteriorColourName: '',
      interiorColour: '',
      interiorColourName: '',
      doors: '',
      seats: '',
      previousOwners: '',
      titleStatus: '',
      about: '',
      askingPrice: '',
      originalPrice: '',
      topSpeed: '',
      kmDriven: '',
      postalCode: defaultPlace?.postalCode ?? '',
      deliveryRadiusKm: null,
      photos: [],
    };
  return {
    year: String(car.year),
    brand: car.brand,
    model: car.model,
    trim: textOf(car.trim),
    vin: textOf(car.vin),
    categoryId: car.categoryId,
    bodyStyle: car.bodyStyle ?? undefined,
    transmission: car.transmission ?? undefined,
    drivetrain: car.drivetrain ?? undefined,
    engine: car.engine,
    fuel: car.fuel,
    exteriorColour: car.exteriorColour ?? undefined,
    exteriorColourName: textOf(car.exteriorColourName),
    interiorColour: textOf(car.interiorColour),
    interiorColourName: textOf(car.interiorColourName),
    doors: textOf(car.doors),
    seats: textOf(car.seats),
    previousOwners: textOf(car.previousOwners),
    titleStatus: textOf(car.titleStatus),
    about: car.about,
    askingPrice: centsText(car.askingPrice),
    originalPrice: centsText(car.originalPrice),
    topSpeed: shownIn(car.topSpeed, units),
    kmDriven: shownIn(car.kmDriven, units),
    // A car posted before locations is asked for one.
    postalCode: car.location?.postalCode ?? '',
    deliveryRadiusKm: car.deliveryRadiusKm,
    photos: car.photos.map((p) => p.key),
  };
}

export function CarForm({ car, defaultPlace = null, categories, onSaved, onCancel }: CarFormProps) {
  const editing = car !== undefined;
  // The units the form opened in stay while it is open: what was typed keeps the unit it was typed in.
  const current = useUnitSystem();
  const [units] = useState(current);
  const [resolver] = useState(() => resolverFor(units, car));
  const idPrefix = editing ? `edit-car-${car.id}` : 'car';
  const createCar = useCreateCar();
  const updateCar = useUpdateCar();
  const [uploading, setUploading] = useState(false);
  // The catalogue's make the model list comes from: unknown while a name is being typed, null for
  // a make the catalogue lacks; and whether the model is one the catalogue lacks.
  const [makeId, setMakeId] = useState<number | null | undefined>(car?.makeId);
  const [modelIsOther, setModelIsOther] = useState(car !== undefined && car.modelId === null);
  // The make last picked, which typing does not forget: picking another clears the model.
  const pickedMake = useRef(car?.makeId);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<CarFormInput, unknown, CarInput>({
    resolver,
    defaultValues: startingValues(car, units, defaultPlace),
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const pending = createCar.isPending || updateCar.isPending;
  const aboutLength = watch('about')?.length ?? 0;
  // The catalogue is asked only about the field in use: an edit that changes the price asks nothing.
  const [inUse, setInUse] = useState<'brand' | 'model' | null>(null);
  const brand = watch('brand').trim();
  const model = watch('model').trim();
  const brandTyped = useDebounced(brand);
  const modelTyped = useDebounced(model);
  const makes = useVehicleMakes(inUse === 'brand' ? brandTyped : '');
  const modelsOf = inUse === 'model' && typeof makeId === 'number' ? makeId : null;
  const models = useVehicleModels(modelsOf, modelTyped);
  const leave = (onBlur: () => void) => () => {
    setInUse(null);
    onBlur();
  };

  // What the VIN said, by field, as the form writes it: marked at its field while it is unchanged.
  const [fromVin, setFromVin] = useState<Partial<Record<Prefilled, string>>>({});
  const setPrefilled = setValue as (
    name: Prefilled,
    value: string,
    options: { shouldDirty: boolean; shouldValidate: boolean },
  ) => void;
  const prefill = (decoded: VinDecode) => {
    const filled: Partial<Record<Prefilled, string>> = {};
    for (const name of PREFILLED) {
      const value = decoded[name];
      if (value === null) continue;
      filled[name] = String(value);
      setPrefilled(name, String(value), { shouldDirty: true, shouldValidate: isSubmitted });
    }
    if (decoded.brand !== null) {
      pickedMake.current = decoded.makeId;
      setMakeId(decoded.makeId);
    }
    if (decoded.model !== null) setModelIsOther(decoded.modelId === null);
    setFromVin(filled);
    return Object.keys(filled).length;
  };
  const checkIt = (name: Prefilled) =>
    fromVin[name] !== undefined && fromVin[name] === String(watch(name) ?? '') ? <FromTheVin /> : undefined;

  const onSubmit = handleSubmit(async (values) => {
    try {
      let saved: Car;
      if (car) {
        const { declarations: _declarations, ...fields } = values;
        saved = await updateCar.mutateAsync({ id: car.id, update: fields });
        toast.success('Post updated');
      } else {
        saved = await createCar.mutateAsync(values);
        toast.success('Post created successfully');
      }
      onSaved(saved);
    } catch (error) {
      // The toast comes from the query client; field messages of a 400 go under their fields.
      setServerFieldErrors(error, setError, FIELD_NAMES);
    }
  });

  /** A select of one of `values`; an optional one starts at "Not given", sent as null. */
  const choice = (
    name: (typeof CHOICES)[number],
    label: string,
    values: readonly string[],
    optional = false,
  ) => (
    <ChoiceField
      id={id(name)}
      label={optional ? `${label} (optional)` : label}
      placeholder={optional ? 'Not given' : `Choose the ${label.toLowerCase()}`}
      error={errors[name]?.message}
      hint={name === 'seats' || name === 'titleStatus' ? undefined : checkIt(name)}
      values={values}
      {...register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <FormSection
        title="Car"
        description="Start with the VIN to fill in the car, or pick the make and model from the list as you type."
      >
        <div className="grid gap-x-4 md:grid-cols-2">
          <div className="md:col-span-2">
            <VinField
              id={id('vin')}
              year={readYear(watch('year'))}
              value={watch('vin') as string}
              field={register('vin')}
              error={errors.vin?.message}
              onDecoded={prefill}
              onRefused={(message) => setError('vin', { type: 'server', message })}
            />
          </div>
          <Field id={id('year')} label="Year" error={errors.year?.message} hint={checkIt('year')}>
            <select
              className={`select w-full ${errors.year ? 'select-error' : ''}`}
              {...controlA11y(id('year'), errors.year?.message)}
              {...register('year')}
            >
              <option value="">Choose the model year</option>
              {yearOptions().map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('category')} label="Category" error={errors.categoryId?.message}>
            <select
              className={`select w-full ${errors.categoryId ? 'select-error' : ''}`}
              disabled={!categories}
              {...controlA11y(id('category'), errors.categoryId?.message)}
              {...register('categoryId')}
            >
              <option value="">{categories ? 'Choose a category' : 'Loading categories…'}</option>
              {categories?.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </Field>
          <Controller
            control={control}
            name="brand"
            render={({ field, fieldState }) => (
              <CatalogueCombobox
                id={id('brand')}
                label="Brand"
                placeholder="e.g. Porsche"
                value={field.value}
                onChange={(text) => {
                  field.onChange(text);
                  setMakeId(undefined);
                }}
                onFocus={() => setInUse('brand')}
                onBlur={leave(field.onBlur)}
                entries={makes.data?.items ?? []}
                asking={brandTyped !== brand || makes.isFetching}
                onPick={(make) => {
                  // A model of another make is not one of this make's.
                  if (pickedMake.current !== undefined && pickedMake.current !== make.id) {
                    setValue('model', '');
                    setModelIsOther(false);
                  }
                  pickedMake.current = make.id;
                  setMakeId(make.id);
                }}
                isOther={makeId === null}
                error={fieldState.error?.message}
                hint={checkIt('brand')}
              />
            )}
          />
          <Controller
            control={control}
            name="model"
            render={({ field, fieldState }) => (
              <CatalogueCombobox
                id={id('model')}
                label="Model"
                placeholder="e.g. 911"
                value={field.value}
                onChange={(text) => {
                  field.onChange(text);
                  setModelIsOther(false);
                }}
                onFocus={() => setInUse('model')}
                onBlur={leave(field.onBlur)}
                entries={modelsOf === null ? [] : (models.data?.items ?? [])}
                asking={modelsOf !== null && (modelTyped !== model || models.isFetching)}
                onPick={(model) => setModelIsOther(model.id === null)}
                isOther={modelIsOther}
                error={fieldState.error?.message}
                hint={
                  checkIt('model') ??
                  (typeof makeId === 'number' ? undefined : 'Pick the brand first to choose from its models.')
                }
              />
            )}
          />
          <TextField
            id={id('trim')}
            label="Trim (optional)"
            placeholder="e.g. GT3 RS, Competition"
            autoComplete="off"
            error={errors.trim?.message}
            hint={checkIt('trim')}
            {...register('trim')}
          />
        </div>
      </FormSection>

      <FormSection title="Specifications" description="What buyers filter on: choose each as the car is.">
        <div className="grid gap-x-4 md:grid-cols-2">
          {choice('bodyStyle', 'Body style', BODY_STYLES)}
          {choice('transmission', 'Transmission', TRANSMISSIONS)}
          {choice('drivetrain', 'Drivetrain', DRIVETRAINS)}
          {choice('fuel', 'Fuel', FUELS)}
          <TextField
            id={id('engine')}
            label="Engine"
            placeholder="e.g. 4.0 L flat-six, 510 hp"
            autoComplete="off"
            error={errors.engine?.message}
            hint={checkIt('engine')}
            {...register('engine')}
          />
          <AffixField
            id={id('top-speed')}
            label="Top speed"
            suffix={speedUnit(units)}
            error={errors.topSpeed?.message}
          >
            <NumberInput
              {...controlA11y(id('top-speed'), errors.topSpeed?.message)}
              {...register('topSpeed')}
            />
          </AffixField>
          <div className="grid grid-cols-2 gap-x-4">
            {choice('doors', 'Doors', countUpTo(CAR_DOORS_MAX).map(String), true)}
            {choice('seats', 'Seats', countUpTo(CAR_SEATS_MAX).map(String), true)}
          </div>
        </div>
        <div className="mt-2 grid gap-x-6 gap-y-2 lg:grid-cols-2">
          <ColourFields
            id={id('exterior-colour')}
            legend="Exterior colour"
            choice={register('exteriorColour')}
            chosen={watch('exteriorColour')}
            error={errors.exteriorColour?.message}
            name={register('exteriorColourName')}
            nameError={errors.exteriorColourName?.message}
            namePlaceholder="e.g. Rosso Corsa"
          />
          <ColourFields
            id={id('interior-colour')}
            legend="Interior colour (optional)"
            choice={register('interiorColour')}
            chosen={watch('interiorColour')}
            error={errors.interiorColour?.message}
            name={register('interiorColourName')}
            nameError={errors.interiorColourName?.message}
            namePlaceholder="e.g. Bordeaux leather"
            optional
          />
        </div>
      </FormSection>

      <FormSection
        title="Price & history"
        description="Prices in US dollars: buyers see both, and what they save."
      >
        <div className="grid gap-x-4 md:grid-cols-2">
          {(['askingPrice', 'originalPrice'] as const).map((name) => {
            const fieldId = id(name === 'askingPrice' ? 'asking-price' : 'original-price');
            const error = errors[name]?.message;
            return (
              <AffixField
                key={name}
                id={fieldId}
                label={name === 'askingPrice' ? 'Asking price' : 'Original price'}
                prefix="$"
                suffix="USD"
                error={error}
              >
                <NumberInput decimals placeholder="0" {...controlA11y(fieldId, error)} {...register(name)} />
              </AffixField>
            );
          })}
          <PriceHelp
            className="mb-4 md:col-span-2"
            described={describedCar(
              {
                year: String(watch('year') ?? ''),
                brand,
                model,
                trim: String(watch('trim') ?? ''),
                kmDriven: String(watch('kmDriven') ?? ''),
                previousOwners: String(watch('previousOwners') ?? ''),
                titleStatus: String(watch('titleStatus') ?? ''),
                transmission: String(watch('transmission') ?? ''),
                drivetrain: String(watch('drivetrain') ?? ''),
                postalCode: String(watch('postalCode') ?? ''),
              },
              units,
            )}
            price={typedPrice(String(watch('askingPrice') ?? ''))}
          />
          <AffixField
            id={id('km')}
            label="Mileage"
            suffix={distanceUnit(units)}
            error={errors.kmDriven?.message}
          >
            <NumberInput {...controlA11y(id('km'), errors.kmDriven?.message)} {...register('kmDriven')} />
          </AffixField>
          <AffixField
            id={id('previous-owners')}
            label="Previous owners (optional)"
            error={errors.previousOwners?.message}
          >
            <NumberInput
              placeholder="e.g. 1"
              {...controlA11y(id('previous-owners'), errors.previousOwners?.message)}
              {...register('previousOwners')}
            />
          </AffixField>
          {choice('titleStatus', 'Title status', TITLE_STATUSES, true)}
        </div>
        <TextAreaField
          id={id('about')}
          label="About"
          rows={6}
          maxLength={CAR_ABOUT_MAX}
          error={errors.about?.message}
          hint={`History, options, service record: what a buyer should know. ${aboutLength} / ${CAR_ABOUT_MAX} characters; the first 100 show on the car's card.`}
          {...register('about')}
        />
      </FormSection>

      <FormSection
        title="Location"
        description="Where the car is: buyers see its city and state, and search for cars near them."
      >
        <div className="grid gap-x-4 md:grid-cols-2">
          <PostalCodeField
            id={id('postal-code')}
            label="ZIP code"
            value={watch('postalCode')}
            known={car ? car.location : defaultPlace}
            hint="The 5-digit ZIP code where the car is."
            error={errors.postalCode?.message}
            {...register('postalCode')}
          />
          <Controller
            control={control}
            name="deliveryRadiusKm"
            render={({ field, fieldState }) => (
              <DeliveryField
                id={id('delivery')}
                km={field.value ?? null}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
      </FormSection>

      <FormSection
        title="Photos"
        description="One to ten photos. Bright, sharp, all four sides and the interior."
      >
        <Controller
          control={control}
          name="photos"
          render={({ field, fieldState }) => (
            <PhotoPicker
              id={id('photos')}
              initialPhotos={car?.photos ?? []}
              onChange={field.onChange}
              onBusyChange={setUploading}
              error={fieldState.error?.message}
            />
          )}
        />
      </FormSection>

      {editing ? null : (
        <FormSection title="Declarations" description="Tick each one to confirm it is true of this car.">
          <DeclarationCheckboxes
            idOf={(name) => id(`declaration-${name}`)}
            register={(name) => register(`declarations.${name}`)}
            errorOf={(name) => errors.declarations?.[name]?.message}
          />
        </FormSection>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {uploading ? (
          <p className="text-sm text-base-content/75 sm:mr-auto" role="status">
            Waiting for the photos to finish uploading…
          </p>
        ) : null}
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary sm:min-w-44" disabled={pending || uploading}>
          {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {editing ? 'Save changes' : 'Post the car'}
        </button>
      </div>
    </form>
  );
}

function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-bold tracking-tight">
        {title}
      </h2>
      <p className="mb-3 text-sm text-base-content/70">{description}</p>
      {children}
    </section>
  );
}

/** The delivery distances offered, in the visitor's unit (miles or km). */
const DELIVERY_DISTANCES = [25, 50, 100, 250, 500];

/**
 * Whether the seller delivers the car and how far, chosen in the visitor's unit and kept in km. A
 * distance stored in the other unit shows rounded, and stays as it is unless another is chosen.
 */
function DeliveryField({
  id,
  km,
  onChange,
  error,
}: {
  id: string;
  km: number | null;
  onChange: (km: number | null) => void;
  error?: string;
}) {
  const system = useUnitSystem();
  const shown = km === null ? undefined : Math.round(distanceIn(km, system));
  const distances =
    shown === undefined || DELIVERY_DISTANCES.includes(shown)
      ? DELIVERY_DISTANCES
      : [...DELIVERY_DISTANCES, shown].sort((a, b) => a - b);
  return (
    <div className="pt-1">
      <label className="flex cursor-pointer items-center gap-3 pt-7 pb-2">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={km !== null}
          onChange={(event) => onChange(event.target.checked ? kmFrom(100, system) : null)}
        />
        <span>I can deliver this car</span>
      </label>
      {shown === undefined ? null : (
        <Field id={id} label="Delivers within" error={error}>
          <select
            className={`select w-full ${error ? 'select-error' : ''}`}
            value={shown}
            onChange={(event) => onChange(kmFrom(Number(event.target.value), system))}
            {...controlA11y(id, error)}
          >
            {distances.map((distance) => (
              <option key={distance} value={distance}>
                {formatDistance(kmFrom(distance, system), system)}
              </option>
            ))}
          </select>
        </Field>
      )}
    </div>
  );
}

/** A field whose input sits inside daisyUI's input frame with a unit before or after it. */
function AffixField({
  id,
  label,
  prefix,
  suffix,
  error,
  children,
}: {
  id: string;
  label: string;
  prefix?: string;
  suffix?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <div className={`input w-full ${error ? 'input-error' : ''}`}>
        {prefix ? (
          <span aria-hidden="true" className="text-base-content/70">
            {prefix}
          </span>
        ) : null}
        {children}
        {suffix ? (
          <span aria-hidden="true" className="text-sm text-base-content/70">
            {suffix}
          </span>
        ) : null}
      </div>
    </Field>
  );
}

/**
 * A number typed as text: the form reads it as written (utils/schemas.ts). A `type="number"` input
 * would hand over "" for "-" and 1000 for "1e3", so the rules could not say what is wrong.
 */
function NumberInput({ decimals = false, ...input }: ComponentProps<'input'> & { decimals?: boolean }) {
  return (
    <input
      type="text"
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      className="grow"
      {...input}
    />
  );
}

/** A select of a fixed list, with an empty first option (to choose, or "Not given"). */
function ChoiceField({
  id,
  label,
  placeholder,
  values,
  error,
  hint,
  ...select
}: Omit<ComponentProps<'select'>, 'id'> & {
  id: string;
  label: string;
  placeholder: string;
  values: readonly string[];
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <select
        className={`select w-full ${error ? 'select-error' : ''}`}
        {...controlA11y(id, error)}
        {...select}
      >
        <option value="">{placeholder}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A colour of the palette, chosen among swatches (radio buttons: the arrow keys move between them),
 * and the maker's own name of it ("Rosso Corsa" is Red).
 */
function ColourFields({
  id,
  legend,
  choice,
  chosen,
  error,
  name,
  nameError,
  namePlaceholder,
  optional = false,
}: {
  id: string;
  legend: string;
  choice: UseFormRegisterReturn;
  /** The colour chosen now (the field's value). */
  chosen: unknown;
  error?: string;
  name: UseFormRegisterReturn;
  nameError?: string;
  namePlaceholder: string;
  optional?: boolean;
}) {
  const options: { value: '' | Colour; label: string }[] = [
    ...(optional ? [{ value: '' as const, label: 'Not given' }] : []),
    ...COLOURS.map((colour) => ({ value: colour, label: colour })),
  ];
  return (
    <div>
      <fieldset className="fieldset py-1" aria-describedby={error ? errorIdFor(id) : undefined}>
        <legend className="fieldset-legend pb-1 text-sm font-medium">{legend}</legend>
        <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
          {options.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-2 rounded-field border px-2.5 py-1.5 text-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
                (chosen ?? '') === option.value
                  ? 'border-base-content bg-base-200 font-semibold'
                  : error
                    ? 'border-error'
                    : 'border-base-300 hover:bg-base-200'
              }`}
            >
              <input type="radio" className="sr-only" value={option.value} {...choice} />
              {option.value === '' ? (
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full border border-dashed border-base-content/40"
                />
              ) : (
                <ColourSwatch colour={option.value} />
              )}
              {option.label}
            </label>
          ))}
        </div>
        {error ? (
          <p id={errorIdFor(id)} className="text-error text-sm">
            {error}
          </p>
        ) : null}
      </fieldset>
      <TextField
        id={`${id}-name`}
        label={`${legend.replace(' (optional)', '')} name (optional)`}
        placeholder={namePlaceholder}
        autoComplete="off"
        maxLength={COLOUR_NAME_MAX}
        error={nameError}
        {...name}
      />
    </div>
  );
}
