/** A car's photo in dashboard rows: the 480 px variant the API gives for bookings, saved cars and reports. */
export function CarThumbnail({ src, name }: { src: string; name: string }) {
  return (
    <img
      src={src}
      srcSet={`${src} 480w`}
      sizes="(min-width: 768px) 96px, 112px"
      alt={`The ${name}`}
      width={112}
      height={80}
      loading="lazy"
      decoding="async"
      className="h-20 w-28 shrink-0 rounded-lg bg-base-200 object-cover md:h-16 md:w-24"
    />
  );
}
