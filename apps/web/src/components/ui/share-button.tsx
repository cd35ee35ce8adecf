import { toast } from '../../lib/toast.ts';
import { ShareIcon } from './icons.tsx';

/**
 * Shares the page's address: the system's share sheet where the browser has one (the Web Share API),
 * otherwise the address is copied and a toast says so. The button reads "Share" on the server and in
 * every browser, and what it does is decided on click: nothing of it depends on `navigator` while
 * rendering, so it cannot break hydration.
 */
export function ShareButton({ title }: { title: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closed by the visitor: done. Refused (no permission, an embedded page): copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link: copy it from the address bar.');
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm gap-2" onClick={() => void share()}>
      <ShareIcon />
      Share
    </button>
  );
}
