/** Categories as the API returns them, for component tests; override what a test cares about. */
import type { Category } from '@redline/shared';

export function categoryFixture(overrides: Partial<Category> = {}): Category {
  const id = overrides.id ?? 'sports';
  return {
    id,
    name: 'Sports cars',
    icon: `/uploads/category-${id}-icon.webp`,
    image: `/uploads/category-${id}-960.webp`,
    banner: {
      key: `category-${id}`,
      src: `/uploads/category-${id}-960.webp`,
      srcSet: `/uploads/category-${id}-480.webp 480w, /uploads/category-${id}-960.webp 960w`,
      width: 960,
      height: 640,
    },
    ...overrides,
  };
}
