import type { Car, User } from '@redline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useActionOnReturn, useSignInThen } from '../../../lib/account-action.ts';
import { changed } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { useSavedState } from '../api/get-saved-state.ts';
import { useRemoveSavedCar } from '../api/remove-saved-car.ts';
import { useSaveCar } from '../api/save-car.ts';

export const SAVED_MESSAGE = 'Car saved.';
export const REMOVED_MESSAGE = 'Post removed from saved';

type SaveButtonProps = {
  car: Pick<Car, 'id'>;
  /** The signed-in user, null for a visitor (who signs in to save it); only a Buyer can save cars. */
  user: User | null;
};

function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
      data-filled={filled}
    >
      <path d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1Z" />
    </svg>
  );
}

/**
 * The save toggle: an outlined bookmark, filled once saved. Its name stays "Save this car"
 * and `aria-pressed` tells whether it is saved, as a toggle button should. A visitor's goes to sign
 * in, and the car is saved when they come back as a buyer.
 */
export function SaveButton({ car, user }: SaveButtonProps) {
  const isBuyer = user?.role === 'Buyer';
  const state = useSavedState(car.id, { enabled: isBuyer });
  const save = useSaveCar();
  const remove = useRemoveSavedCar();
  const queryClient = useQueryClient();
  const signIn = useSignInThen('save');
  useActionOnReturn('save', isBuyer && state.isSuccess, () => {
    if (!state.data?.saved) save.mutate(car.id, { onSuccess: () => toast.success(SAVED_MESSAGE) });
  });

  if (!user) {
    return (
      <button
        type="button"
        className="btn btn-circle btn-outline btn-lg"
        aria-label="Save this car"
        title="Sign in to save this car"
        onClick={signIn}
      >
        <BookmarkIcon filled={false} />
      </button>
    );
  }

  if (!isBuyer) {
    return (
      <button
        type="button"
        className="btn btn-circle btn-outline btn-lg"
        aria-label="Save this car"
        title="Only buyers can save cars"
        disabled
      >
        <BookmarkIcon filled={false} />
      </button>
    );
  }

  const saved = state.data?.saved ?? false;
  const busy = state.isPending || save.isPending || remove.isPending;
  const resync = () => changed(queryClient, 'savedCars');

  const toggle = () => {
    if (saved) {
      remove.mutate(car.id, { onSuccess: () => toast.success(REMOVED_MESSAGE), onError: resync });
    } else {
      save.mutate(car.id, { onSuccess: () => toast.success(SAVED_MESSAGE), onError: resync });
    }
  };

  return (
    <button
      type="button"
      className={`btn btn-circle btn-outline btn-lg ${saved ? 'border-primary bg-primary/10 text-primary' : ''}`}
      aria-label="Save this car"
      aria-pressed={saved}
      aria-busy={busy}
      title={saved ? 'Saved: click to remove from your saved cars' : 'Save this car'}
      onClick={toggle}
      disabled={busy || state.isError}
    >
      {save.isPending || remove.isPending ? (
        <span className="loading loading-spinner loading-sm" aria-hidden="true" />
      ) : (
        <BookmarkIcon filled={saved} />
      )}
    </button>
  );
}
