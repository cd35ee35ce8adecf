import { type Car, carName, type User } from '@redline/shared';
import { useNavigate } from 'react-router';
import { AccountActionDialog } from '../../../components/ui/account-action-dialog.tsx';
import { paths } from '../../../config/paths.ts';
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
  const start = useStartConversation();
  const navigate = useNavigate();
  return (
    <AccountActionDialog
      action="message"
      user={user}
      label="Message the seller"
      busy={start.isPending}
      description={`Ask ${car.seller} about the ${carName(car)}. Only the two of you see your conversation.`}
    >
      {(close) => (
        <MessageComposer
          label="Your message"
          placeholder="Is it still available? Any service history?"
          pending={start.isPending}
          onSend={async (message) => {
            try {
              const { id } = await start.mutateAsync({ carId: car.id, message });
              close();
              await navigate(paths.conversation(id));
              return true;
            } catch {
              // The failure's toast comes from the mutation cache (lib/query-client.ts).
              return false;
            }
          }}
        />
      )}
    </AccountActionDialog>
  );
}
