/**
 * How the photos of a card grid load: the first card's photo is usually the page's largest
 * contentful paint, so it is fetched first; the rest of the first row loads at once; the others wait
 * until they scroll near (Lighthouse: "LCP request discovery", "defer offscreen images").
 */
export type ImageLoading = 'first' | 'eager' | 'lazy';

/** The loading of the card at `index` when the first `eagerCount` cards are above the fold. */
export function gridImageLoading(index: number, eagerCount: number): ImageLoading {
  if (index >= eagerCount) return 'lazy';
  return index === 0 ? 'first' : 'eager';
}

/** The `<img>` attributes for a loading. */
export function imageLoadingProps(loading: ImageLoading) {
  return {
    loading: loading === 'lazy' ? 'lazy' : 'eager',
    fetchPriority: loading === 'first' ? 'high' : 'auto',
  } as const;
}
