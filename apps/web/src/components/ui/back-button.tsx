import { useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from './icons.tsx';

/**
 * Goes back in history (spec section 2). When the page was opened directly (a shared link, a new
 * tab) there is nothing to go back to inside the app, so it goes to `fallback` instead.
 */
export function BackButton({ fallback, label = 'Back' }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const hasHistory = location.key !== 'default';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm -ml-2 gap-2"
      onClick={() => (hasHistory ? navigate(-1) : navigate(fallback))}
    >
      <ArrowLeftIcon />
      {label}
    </button>
  );
}
