import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCategory } from '../../../testing/fixtures/category.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { CATEGORY_CARD_IMAGE_SIZES, CategoryCard } from './category-card.tsx';

describe('CategoryCard', () => {
  it('links to the category and lets the browser pick the banner width the card shows', () => {
    const category = aCategory({ id: 'super-car', name: 'Super Car' });
    renderWithProviders(<CategoryCard category={category} />);

    expect(screen.getByRole('link', { name: /Super Car/ }).getAttribute('href')).toBe('/category/super-car');
    const banner = screen.getByRole('img', { name: 'Super Car cars' });
    expect(banner.getAttribute('src')).toBe(category.banner.src);
    expect(banner.getAttribute('srcset')).toBe(category.banner.srcSet);
    expect(banner.getAttribute('sizes')).toBe(CATEGORY_CARD_IMAGE_SIZES);
    expect(banner.getAttribute('width')).toBe('960');
    expect(banner.getAttribute('height')).toBe('640');
    expect(banner.getAttribute('loading')).toBe('lazy');
  });
});
