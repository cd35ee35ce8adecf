import { type Car, formatCharge, HOLDING_DEPOSIT_CENTS, type User } from '@redline/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSetWaitlistPlace, useWaitlistPlace } from '../api/waitlist.ts';

/**
 * On a reserved car's page, for a signed-in buyer: "Join the waitlist" (told when it is for sale
 * again or sold) or "Leave the waitlist"; for the buyer it is reserved for, the way to its deposit
 * (paid or not, the deposit's page says).
 */
export function WaitlistButton({
  car,
  user,
}: {
  car: Pick<Car, 'id' | 'soldAt' | 'reservedAt'>;
  /** The signed-in buyer, or null for a visitor. */
  user: User | null;
}) {
  const place = useWaitlistPlace(car, user);
  const set = useSetWaitlistPlace(car.id);
  if (!place) return null;
  if (place.reservedBy)
    return (
      <Link to={paths.payDeposit(place.reservedBy)} className="btn btn-outline btn-lg">
        Your reservation: the {formatCharge(HOLDING_DEPOSIT_CENTS)} deposit
      </Link>
    );
  const { waiting } = place;
  return (
    <button
      type="button"
      className={`btn btn-lg ${waiting ? 'btn-outline' : 'btn-primary'}`}
      disabled={set.isPending}
      // A failure's toast comes from the mutation cache (lib/query-client.ts).
      onClick={() => set.mutate(!waiting)}
    >
      {waiting ? 'Leave the waitlist' : 'Join the waitlist'}
    </button>
  );
}
