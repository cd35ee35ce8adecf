/**
 * A seller's default location: the ZIP code the cars they post start at (the post form's), kept on
 * their account and shown to no one else.
 */
import type { MyLocationInput } from '@redline/shared';
import { type Resolver, useForm } from 'react-hook-form';
import { PostalCodeField } from '../../../components/ui/postal-code-field.tsx';
import type { Me } from '../../../lib/auth.ts';
import { setServerFieldErrors } from '../../../lib/form-errors.ts';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetMyLocation } from '../api/set-my-location.ts';

type LocationFormInput = { postalCode: string };

const resolver = lazyZodResolver(() =>
  import('../utils/schemas.ts').then((m) => m.locationFormSchema),
) as Resolver<LocationFormInput, unknown, MyLocationInput>;

export function DefaultLocationForm({ me }: { me: Me }) {
  const setLocation = useSetMyLocation();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<LocationFormInput, unknown, MyLocationInput>({
    resolver,
    defaultValues: { postalCode: me.location?.postalCode ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const location = await setLocation.mutateAsync(values);
      toast.success(
        location ? `Your cars now start at ${location.city}, ${location.region}` : 'Location removed',
      );
    } catch (error) {
      setServerFieldErrors(error, setError, ['postalCode']);
    }
  });
  return (
    <section aria-labelledby="default-location-title" className="card border border-base-300 bg-base-100">
      <form onSubmit={onSubmit} noValidate className="card-body gap-2">
        <h2 id="default-location-title" className="card-title text-base">
          Your location
        </h2>
        <p className="text-sm text-base-content/75">
          Where your cars usually are: each car you post starts here, and you can change it per car. No one
          else sees it.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="sm:w-64">
            <PostalCodeField
              id="default-location"
              label="ZIP code"
              value={watch('postalCode')}
              known={me.location}
              hint="Leave empty for none."
              error={errors.postalCode?.message}
              {...register('postalCode')}
            />
          </div>
          <button type="submit" className="btn btn-primary sm:mt-8" disabled={setLocation.isPending}>
            Save
          </button>
        </div>
      </form>
    </section>
  );
}
