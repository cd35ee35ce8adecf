/**
 * Post a Car and Edit post: every field and rule of spec section 5, validated in the browser with
 * the same shared rules the API uses. Numbers are typed as text and read as written (a sign or an
 * exponent is never dropped: utils/schemas.ts); prices are typed in dollars and sent as integer cents.
 */
import { CAR_ABOUT_MAX, CAR_YEAR_MIN, type Car, type CarInput, carYearMax, FUELS } from '@redline/shared';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { Controller, type Path, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PhotoPicker } from '../../../components/photos/photo-picker.tsx';
import { controlA11y, Field, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { centsText } from '../../../lib/number-text.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateCar } from '../api/create-car.ts';
import { useUpdateCar } from '../api/update-car.ts';
import type { carInputSchema } from '../utils/schemas.ts';

type CategoryOption = { id: string; name: string };

type CarFormProps = {
  /** The car being edited; without it the form posts a new car. */
  car?: Car;
  categories: CategoryOption[] | undefined;
  onSaved: (car: Car) => void;
  onCancel?: () => void;
};

type CarFormInput = z.input<typeof carInputSchema>;

const DECLARATIONS = [
  { name: 'noAccident', label: 'This car has no accident history.' },
  { name: 'noLitigation', label: 'This car is not involved in any litigation.' },
  { name: 'odometerGenuine', label: 'The odometer has not been tampered with.' },
  {
    name: 'acceptLegalAction',
    label: 'I accept legal action against me if any information I give here is false.',
  },
] as const;

const FIELD_NAMES = [
  'year',
  'brand',
  'model',
  'categoryId',
  'engine',
  'fuel',
  'about',
  'askingPrice',
  'originalPrice',
  'topSpeed',
  'kmDriven',
  'photos',
] as const satisfies readonly Path<CarFormInput>[];

export function yearOptions(): number[] {
  const years: number[] = [];
  for (let y = carYearMax(); y >= CAR_YEAR_MIN; y--) years.push(y);
  return years;
}

export function CarForm({ car, categories, onSaved, onCancel }: CarFormProps) {
  const editing = car !== undefined;
  const idPrefix = editing ? `edit-car-${car.id}` : 'car';
  const createCar = useCreateCar();
  const updateCar = useUpdateCar();
  const [uploading, setUploading] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<CarFormInput, unknown, CarInput>({
    // The edit schema is the same minus the declarations, which editing does not show.
    resolver: (editing
      ? lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.carEditSchema))
      : lazyZodResolver(() => import('../utils/schemas.ts').then((m) => m.carInputSchema))) as Resolver<
      CarFormInput,
      unknown,
      CarInput
    >,
    defaultValues: car
      ? {
          year: String(car.year),
          brand: car.brand,
          model: car.model,
          categoryId: car.categoryId,
          engine: car.engine,
          fuel: car.fuel,
          about: car.about,
          askingPrice: centsText(car.askingPrice),
          originalPrice: centsText(car.originalPrice),
          topSpeed: String(car.topSpeed),
          kmDriven: String(car.kmDriven),
          photos: car.photos.map((p) => p.key),
        }
      : {
          year: String(carYearMax()),
          brand: '',
          model: '',
          engine: '',
          about: '',
          askingPrice: '',
          originalPrice: '',
          topSpeed: '',
          kmDriven: '',
          photos: [],
        },
  });

  const id = (name: string) => `${idPrefix}-${name}`;
  const pending = createCar.isPending || updateCar.isPending;
  const aboutLength = watch('about')?.length ?? 0;

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

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <FormSection title="The car" description="What it is and how it drives.">
        <div className="grid gap-x-4 md:grid-cols-2">
          <Field id={id('year')} label="Year" error={errors.year?.message}>
            <select
              className={`select w-full ${errors.year ? 'select-error' : ''}`}
              {...controlA11y(id('year'), errors.year?.message)}
              {...register('year')}
            >
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
          <TextField
            id={id('brand')}
            label="Brand"
            placeholder="e.g. Porsche"
            autoComplete="off"
            error={errors.brand?.message}
            {...register('brand')}
          />
          <TextField
            id={id('model')}
            label="Model"
            placeholder="e.g. 911 GT3 Touring"
            autoComplete="off"
            error={errors.model?.message}
            {...register('model')}
          />
          <TextField
            id={id('engine')}
            label="Engine"
            placeholder="e.g. 4.0 L flat-six, 510 hp"
            autoComplete="off"
            error={errors.engine?.message}
            {...register('engine')}
          />
          <Field id={id('fuel')} label="Fuel" error={errors.fuel?.message}>
            <select
              className={`select w-full ${errors.fuel ? 'select-error' : ''}`}
              {...controlA11y(id('fuel'), errors.fuel?.message)}
              {...register('fuel')}
            >
              <option value="">Choose fuel</option>
              {FUELS.map((fuel) => (
                <option key={fuel} value={fuel}>
                  {fuel}
                </option>
              ))}
            </select>
          </Field>
          <AffixField id={id('top-speed')} label="Top speed" suffix="kmph" error={errors.topSpeed?.message}>
            <NumberInput
              {...controlA11y(id('top-speed'), errors.topSpeed?.message)}
              {...register('topSpeed')}
            />
          </AffixField>
          <AffixField id={id('km')} label="Km driven" suffix="km" error={errors.kmDriven?.message}>
            <NumberInput {...controlA11y(id('km'), errors.kmDriven?.message)} {...register('kmDriven')} />
          </AffixField>
        </div>
      </FormSection>

      <FormSection title="Price" description="In US dollars. Buyers see both prices and what they save.">
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
        </div>
      </FormSection>

      <FormSection
        title="Description"
        description="History, options, service record: what a buyer should know."
      >
        <TextAreaField
          id={id('about')}
          label="About"
          rows={6}
          maxLength={CAR_ABOUT_MAX}
          error={errors.about?.message}
          hint={`${aboutLength} / ${CAR_ABOUT_MAX} characters. The first 100 show on the car's card.`}
          {...register('about')}
        />
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
          <ul className="flex flex-col gap-2">
            {DECLARATIONS.map((declaration) => {
              const error = errors.declarations?.[declaration.name]?.message;
              const controlId = id(`declaration-${declaration.name}`);
              return (
                <li key={declaration.name}>
                  <label
                    htmlFor={controlId}
                    className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 transition hover:bg-base-200 ${
                      error ? 'border-error' : 'border-base-300'
                    }`}
                  >
                    <input
                      type="checkbox"
                      className="checkbox checkbox-primary mt-0.5"
                      {...controlA11y(controlId, error)}
                      {...register(`declarations.${declaration.name}`)}
                    />
                    <span>{declaration.label}</span>
                  </label>
                  {error ? (
                    <p id={`${controlId}-error`} className="mt-1 text-sm text-error">
                      {error}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
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
