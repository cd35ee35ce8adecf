import { starFills, starsLabel } from '../utils/rating.ts';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

const SIZES = { sm: 'size-4', md: 'size-5', lg: 'size-7' } as const;

/** One star, filled by `fill` (0 to 1) from the left. */
export function StarShape({ fill, size = 'md' }: { fill: number; size?: keyof typeof SIZES }) {
  return (
    <span className={`relative inline-block shrink-0 ${SIZES[size]}`} aria-hidden="true">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="absolute inset-0 size-full fill-base-content/20">
        <path d={STAR_PATH} />
      </svg>
      {fill > 0 ? (
        <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className={`${SIZES[size]} fill-warning`}>
            <path d={STAR_PATH} />
          </svg>
        </span>
      ) : null}
    </span>
  );
}

/** Five stars filled to a rating (a fraction fills part of a star), read out as "4.6 out of 5 stars". */
export function Stars({ value, size = 'md' }: { value: number; size?: keyof typeof SIZES }) {
  return (
    <span role="img" aria-label={starsLabel(value)} className="inline-flex items-center gap-0.5">
      {starFills(value).map((fill, index) => (
        <StarShape key={index} fill={fill} size={size} />
      ))}
    </span>
  );
}
