/**
 * A car's photos: one large image with previous/next buttons, thumbnails below, the arrow keys
 * (and Home/End) while focus is inside, and a horizontal swipe on touch screens.
 */
import type { Photo } from '@redline/shared';
import { type KeyboardEvent, type ReactNode, type TouchEvent, useRef, useState } from 'react';

/** A swipe must travel at least this far sideways (px), and more sideways than down. */
const SWIPE_MIN = 40;

type PhotoGalleryProps = {
  photos: Photo[];
  /** What the photos show, e.g. "2021 Porsche 911 GT3"; used in the alt texts. */
  title: string;
  /** Laid over the main image (e.g. a Sold badge). */
  overlay?: ReactNode;
};

export function PhotoGallery({ photos, title, overlay }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = photos.length;
  const current = photos[Math.min(index, count - 1)];

  if (!current) {
    return (
      <div className="flex aspect-[3/2] items-center justify-center rounded-box bg-base-200 text-base-content/60">
        No photos
      </div>
    );
  }

  const show = (next: number) => setIndex(((next % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: count - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  };

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };

  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch || count < 2) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) < Math.abs(dy)) return;
    show(dx < 0 ? index + 1 : index - 1);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of the ${title}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes focus so the arrow keys can move it.
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-box focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
    >
      <div
        className="relative aspect-[3/2] touch-pan-y overflow-hidden rounded-box bg-base-200"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <img
          key={current.key}
          src={current.src}
          srcSet={current.srcSet}
          sizes="(min-width: 1280px) 720px, (min-width: 1024px) 58vw, 100vw"
          width={current.width}
          height={current.height}
          alt={`${title} (${index + 1} of ${count})`}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full select-none object-cover"
          draggable={false}
        />
        {overlay ? <div className="pointer-events-none absolute left-4 top-4">{overlay}</div> : null}
        {count > 1 ? (
          <>
            <GalleryButton direction="previous" onClick={() => show(index - 1)} />
            <GalleryButton direction="next" onClick={() => show(index + 1)} />
            <span
              aria-hidden="true"
              className="absolute bottom-3 right-3 rounded-full bg-neutral/80 px-3 py-1 text-xs font-semibold tabular-nums text-neutral-content backdrop-blur"
            >
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        Photo {index + 1} of {count}
      </p>

      {count > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Choose a photo">
          {photos.map((photo, i) => (
            <li key={photo.key} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={`block overflow-hidden rounded-field border-2 transition ${
                  i === index ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100'
                }`}
              >
                <img
                  src={photo.src}
                  srcSet={photo.srcSet}
                  sizes="96px"
                  width={photo.width}
                  height={photo.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] h-auto w-20 object-cover sm:w-24"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function GalleryButton({ direction, onClick }: { direction: 'previous' | 'next'; onClick: () => void }) {
  const previous = direction === 'previous';
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={previous ? 'Previous photo' : 'Next photo'}
      className={`btn btn-circle absolute top-1/2 -translate-y-1/2 border-0 bg-base-100/85 shadow-md backdrop-blur hover:bg-base-100 ${
        previous ? 'left-3' : 'right-3'
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={previous ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'} />
      </svg>
    </button>
  );
}
