/** A person's initial in a circle, where a photo of them would be (Redline keeps none); decorative. */
export function InitialAvatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-full bg-neutral font-bold text-neutral-content ${size === 'lg' ? 'size-16 text-2xl' : 'size-11 text-lg'}`}
    >
      {initial}
    </span>
  );
}
