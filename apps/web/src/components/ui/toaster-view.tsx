/**
 * react-hot-toast with the spec's durations, themed by daisyUI, and never more than 20 on screen.
 * Loaded on the first toast (toaster.tsx).
 */
import { useEffect } from 'react';
import { Toaster, toast, useToasterStore } from 'react-hot-toast';

export const MAX_VISIBLE_TOASTS = 20;

export default function ToasterView() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    // Newest toasts come first: dismiss the oldest beyond the limit.
    for (const t of visible.slice(MAX_VISIBLE_TOASTS)) toast.dismiss(t.id);
  }, [toasts]);

  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        error: { duration: 4000 },
        loading: { duration: Number.POSITIVE_INFINITY },
        style: {
          background: 'var(--color-base-100)',
          color: 'var(--color-base-content)',
          border: '1px solid var(--color-base-300)',
          maxWidth: 'min(420px, calc(100vw - 2rem))',
        },
      }}
    />
  );
}
