/**
 * The seller's dealer profile: the business, its logo, address (the ZIP code's city shown as typed),
 * hours, phone, website and about text, with a preview of the header buyers will see. Saving makes
 * the seller a dealer, or updates the profile; a verified dealer is told that a new name or address
 * needs verifying again.
 */
import {
  type Dealer,
  type DealerProfileInput,
  displayPhone,
  type OpeningHours,
  WEEKDAYS,
} from '@redline/shared';
import { useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DealerHeader } from '../../../components/dealers/dealer-header.tsx';
import { PhotoPicker } from '../../../components/photos/photo-picker.tsx';
import { Field, TextAreaField, TextField } from '../../../components/ui/form-field.tsx';
import { ConfirmDialog } from '../../../components/ui/modal.tsx';
import { PostalCodeField } from '../../../components/ui/postal-code-field.tsx';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { typedPostalCode, usePlace } from '../../../lib/places.ts';
import { toast } from '../../../lib/toast.ts';
import { useGoPrivate } from '../api/go-private.ts';
import { useSaveDealerProfile } from '../api/save-dealer-profile.ts';
import type { dealerProfileInputSchema } from './dealer-schema.ts';
import { HoursEditor } from './hours-editor.tsx';

type FormValues = z.input<typeof dealerProfileInputSchema>;

export const SAVED_MESSAGE = 'Your dealer profile is saved';
export const PRIVATE_MESSAGE = 'You sell privately again';

const NINE_TO_SIX = [{ open: '09:00', close: '18:00' }];
const NEW_HOURS: OpeningHours = {
  monday: NINE_TO_SIX,
  tuesday: NINE_TO_SIX,
  wednesday: NINE_TO_SIX,
  thursday: NINE_TO_SIX,
  friday: NINE_TO_SIX,
  saturday: [{ open: '10:00', close: '16:00' }],
  sunday: [],
};

/** Every field a 400 may name, the hours' ranges by day and place included. */
const FIELDS = [
  'businessName',
  'logo',
  'street',
  'postalCode',
  'phone',
  'website',
  'about',
  ...WEEKDAYS.flatMap((day) =>
    [0, 1].flatMap((i) => [`hours.${day}.${i}.open`, `hours.${day}.${i}.close`] as const),
  ),
] as Path<FormValues>[];

const formValues = (dealer: Dealer | null): FormValues =>
  dealer
    ? {
        businessName: dealer.businessName,
        logo: dealer.logo?.key ?? null,
        street: dealer.street,
        postalCode: dealer.place.postalCode,
        hours: dealer.hours,
        phone: displayPhone(dealer.phone).text,
        website: dealer.website ?? '',
        about: dealer.about,
      }
    : {
        businessName: '',
        logo: null,
        street: '',
        postalCode: '',
        hours: NEW_HOURS,
        phone: '',
        website: '',
        about: '',
      };

export function DealerProfileForm({ dealer, sellerName }: { dealer: Dealer | null; sellerName: string }) {
  const save = useSaveDealerProfile();
  const goPrivate = useGoPrivate();
  const [uploading, setUploading] = useState(false);
  const [confirmingPrivate, setConfirmingPrivate] = useState(false);
  const {
    register,
    control,
    watch,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, DealerProfileInput>({
    resolver: lazyZodResolver(() => import('./dealer-schema.ts').then((m) => m.dealerProfileInputSchema)),
    defaultValues: formValues(dealer),
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success(SAVED_MESSAGE);
        reset(formValues(saved));
      },
      onError: (error) => setServerFieldErrors(error, setError, FIELDS),
    }),
  );

  const leave = () =>
    goPrivate.mutate(undefined, {
      onSuccess: () => {
        toast.success(PRIVATE_MESSAGE);
        setConfirmingPrivate(false);
        reset(formValues(null));
      },
    });

  const values = watch();
  // The saved place while its code is typed, as the ZIP code field shows it, without asking.
  const savedPlace =
    dealer && typedPostalCode(values.postalCode) === dealer.place.postalCode ? dealer.place : null;
  const place = usePlace(savedPlace ? undefined : values.postalCode);
  const preview: Dealer = {
    businessName: values.businessName.trim() || 'Your business',
    logo: dealer?.logo && dealer.logo.key === values.logo ? dealer.logo : null,
    street: values.street.trim() || 'Street address',
    place: savedPlace ?? place.data ?? { postalCode: '', country: 'US', city: 'City', region: 'ST' },
    timeZone: null,
    hours: values.hours,
    phone: values.phone,
    website: values.website.trim() || null,
    about: values.about,
    verifiedAt: dealer?.verifiedAt ?? null,
  };

  return (
    <div className="flex flex-col gap-8">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {dealer?.verifiedAt ? (
          <p role="note" className="alert alert-info alert-soft text-sm">
            Your dealership is verified. A new business name or address will need verifying again.
          </p>
        ) : null}
        <section aria-labelledby="dealer-business" className="grid gap-x-4 md:grid-cols-2">
          <h2 id="dealer-business" className="text-lg font-semibold md:col-span-2">
            The business
          </h2>
          <TextField
            id="dealer-business-name"
            label="Business name"
            autoComplete="organization"
            error={errors.businessName?.message}
            {...register('businessName')}
          />
          <TextField
            id="dealer-phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextField
            id="dealer-website"
            label="Website"
            type="url"
            inputMode="url"
            placeholder="https://"
            hint="Optional."
            error={errors.website?.message}
            {...register('website')}
          />
          <div className="md:col-span-2">
            <TextAreaField
              id="dealer-about"
              label="About"
              rows={4}
              hint="Optional: what buyers should know of you."
              error={errors.about?.message}
              {...register('about')}
            />
          </div>
        </section>

        <section aria-labelledby="dealer-logo-title">
          <h2 id="dealer-logo-title" className="text-lg font-semibold">
            Logo
          </h2>
          <Controller
            control={control}
            name="logo"
            render={({ field, fieldState }) => (
              <PhotoPicker
                id="dealer-logo"
                max={1}
                initialPhotos={dealer?.logo ? [dealer.logo] : []}
                onChange={(keys) => field.onChange(keys[0] ?? null)}
                onBusyChange={setUploading}
                error={fieldState.error?.message}
              />
            )}
          />
        </section>

        <section aria-labelledby="dealer-address" className="grid gap-x-4 md:grid-cols-2">
          <h2 id="dealer-address" className="text-lg font-semibold md:col-span-2">
            Address
          </h2>
          <TextField
            id="dealer-street"
            label="Street address"
            autoComplete="street-address"
            error={errors.street?.message}
            {...register('street')}
          />
          <PostalCodeField
            id="dealer-postal-code"
            label="ZIP code"
            value={values.postalCode}
            known={dealer?.place}
            hint="The city and state come from it."
            error={errors.postalCode?.message}
            {...register('postalCode')}
          />
        </section>

        <section aria-labelledby="dealer-hours">
          <h2 id="dealer-hours" className="text-lg font-semibold">
            Opening hours
          </h2>
          <Field id="dealer-hours-editor" label={<span className="sr-only">Opening hours</span>}>
            <Controller
              control={control}
              name="hours"
              render={({ field }) => (
                <HoursEditor
                  id="dealer-hours-editor"
                  value={field.value as OpeningHours}
                  onChange={field.onChange}
                  errors={errors.hours as Partial<Record<string, unknown>> | undefined}
                />
              )}
            />
          </Field>
        </section>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
          {dealer ? (
            <button
              type="button"
              className="btn btn-ghost text-error sm:mr-auto"
              onClick={() => setConfirmingPrivate(true)}
            >
              Go back to selling privately
            </button>
          ) : null}
          <button
            type="submit"
            className="btn btn-primary sm:min-w-44"
            disabled={save.isPending || uploading}
          >
            {save.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            {dealer ? 'Save changes' : 'Become a dealer'}
          </button>
        </div>
      </form>

      <section
        aria-labelledby="dealer-preview"
        className="rounded-box border border-dashed border-base-300 p-4"
      >
        <h2
          id="dealer-preview"
          className="text-sm font-semibold uppercase tracking-widest text-base-content/70"
        >
          Preview of your page
        </h2>
        <DealerHeader dealer={preview} sellerName={sellerName} Title="h3" />
      </section>

      <ConfirmDialog
        open={confirmingPrivate}
        onClose={() => setConfirmingPrivate(false)}
        onConfirm={leave}
        pending={goPrivate.isPending}
        title="Sell privately again?"
        confirmLabel="Sell privately"
      >
        <p>
          Your dealer profile goes from your page{dealer?.verifiedAt ? ', and with it your verification' : ''}
          . Your cars stay for sale under your name.
        </p>
      </ConfirmDialog>
    </div>
  );
}
