import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { useSignOut } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';

/** Sign Out in the navbar and the footer: to the home page first (so no guard bounces), then a toast. */
export function useSignOutToHome() {
  const navigate = useNavigate();
  return useSignOut({
    onSignedOut: async () => {
      await navigate(paths.home);
      toast.success('Signed out');
    },
  });
}
