import { type Car, carName, type User } from '@redline/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal.tsx';
import { paths } from '../../../config/paths.ts';
import { useActionOnReturn, useSignInThen } from '../../../lib/account-action.ts';
import { useStartConversation } from '../api/send-message.ts';
import { MessageComposer } from './message-composer.tsx';

/**
 * "Message the seller": a question about the car, which opens (or continues) the conversation. A
 * visitor's goes to sign in, and the message is ready to write when they come back as a buyer.
 */
export function MessageSellerButton({
  car,
  user,
}: {
  car: Pick<Car, 'id' | 'year' | 'brand' | 'model' | 'trim' | 'seller'>;
  /** The signed-in buyer, or null for a visitor. */
  user: User | null;
}) {
  const [open, setOpen] = useState(false);
  const start = useStartConversation();
  const navigate = useNavigate();
  const signIn = useSignInThen('message');
  useActionOnReturn('message', user?.role === 'Buyer', () => setOpen(true));
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-sm gap-1.5"
        aria-haspopup="dialog"
        onClick={user ? () => setOpen(true) : signIn}
      >
        Message the seller
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        busy={start.isPending}
        title="Message the seller"
        description={`Ask ${car.seller} about the ${carName(car)}. Only the two of you see your conversation.`}
      >
        <MessageComposer
          label="Your message"
          placeholder="Is it still available? Any service history?"
          pending={start.isPending}
          onSend={async (message) => {
            try {
              const { id } = await start.mutateAsync({ carId: car.id, message });
              setOpen(false);
              await navigate(paths.conversation(id));
              return true;
            } catch {
              // The failure's toast comes from the mutation cache (lib/query-client.ts).
              return false;
            }
          }}
        />
      </Modal>
    </>
  );
}
