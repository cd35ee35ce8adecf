import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aPhoto } from '../../testing/fixtures/photo.ts';
import { PhotoGallery } from './photo-gallery.tsx';

const photos = [aPhoto('one'), aPhoto('two'), aPhoto('three')];
const mainImage = () => screen.getByRole('img', { name: /Ferrari Roma \(\d of 3\)/ });

describe('PhotoGallery', () => {
  it('shows the first photo with srcset and moves with the buttons and thumbnails', async () => {
    render(<PhotoGallery photos={photos} title="Ferrari Roma" />);
    expect(mainImage().getAttribute('src')).toBe('/uploads/one-960.webp');
    expect(mainImage().getAttribute('srcset')).toContain('480w');

    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (2 of 3)');
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(mainImage().getAttribute('src')).toBe('/uploads/three-960.webp');
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' }).getAttribute('aria-current')).toBe(
      'true',
    );
    // Past the last photo it wraps around to the first.
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(mainImage().getAttribute('src')).toBe('/uploads/one-960.webp');
  });

  it('follows the arrow keys, Home and End while it has focus', async () => {
    render(<PhotoGallery photos={photos} title="Ferrari Roma" />);
    const region = screen.getByRole('region', { name: 'Photos of the Ferrari Roma' });
    region.focus();
    expect(document.activeElement).toBe(region);
    await userEvent.keyboard('{ArrowRight}');
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (2 of 3)');
    await userEvent.keyboard('{End}');
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (3 of 3)');
    await userEvent.keyboard('{ArrowLeft}');
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (2 of 3)');
    await userEvent.keyboard('{Home}');
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (1 of 3)');
  });

  it('moves on a horizontal swipe and ignores a vertical one', () => {
    render(<PhotoGallery photos={photos} title="Ferrari Roma" />);
    const stage = mainImage().parentElement as HTMLElement;
    const swipe = (from: [number, number], to: [number, number]) => {
      fireEvent.touchStart(stage, { touches: [{ clientX: from[0], clientY: from[1] }] });
      fireEvent.touchEnd(stage, { changedTouches: [{ clientX: to[0], clientY: to[1] }] });
    };
    swipe([300, 100], [180, 110]);
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (2 of 3)');
    swipe([100, 100], [230, 90]);
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (1 of 3)');
    swipe([200, 50], [210, 300]);
    expect(mainImage().getAttribute('alt')).toBe('Ferrari Roma (1 of 3)');
  });

  it('has no controls for a single photo', () => {
    render(<PhotoGallery photos={[aPhoto('solo')]} title="Ferrari Roma" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ferrari Roma (1 of 1)' })).toBeInTheDocument();
  });
});
