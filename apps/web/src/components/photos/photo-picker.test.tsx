import type { Photo } from '@redline/shared';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadPhotoInput } from '../../lib/upload-photo.ts';
import { aPhoto } from '../../testing/fixtures/photo.ts';

/** Each upload waits until the test settles it, so progress can be observed. */
const pending: {
  input: UploadPhotoInput;
  resolve: (p: Photo) => void;
  reject: (e: unknown) => void;
}[] = [];

vi.mock('../../lib/upload-photo.ts', () => ({
  useUploadPhoto: () => ({
    mutateAsync: (input: UploadPhotoInput) =>
      new Promise<Photo>((resolve, reject) => pending.push({ input, resolve, reject })),
  }),
}));

const { PhotoPicker } = await import('./photo-picker.tsx');

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

beforeEach(() => {
  pending.length = 0;
  URL.createObjectURL = vi.fn((f: Blob) => `blob:${(f as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('PhotoPicker', () => {
  it('uploads each chosen file with its own progress bar and reports the keys in order', async () => {
    const onChange = vi.fn();
    const onBusyChange = vi.fn();
    render(<PhotoPicker id="photos" onChange={onChange} onBusyChange={onBusyChange} />);

    await userEvent.upload(screen.getByLabelText(/Add photos/), [file('front.jpg'), file('rear.jpg')]);
    expect(pending).toHaveLength(2);
    expect(onBusyChange).toHaveBeenLastCalledWith(true);

    act(() => pending[0]?.input.onProgress?.(40));
    const bar = screen.getByRole('progressbar', { name: 'Uploading front.jpg' }) as HTMLProgressElement;
    expect(bar.value).toBe(40);
    expect(screen.getByText('40%')).toBeInTheDocument();

    await act(async () => pending[1]?.resolve(aPhoto('rear-key')));
    await act(async () => pending[0]?.resolve(aPhoto('front-key')));
    expect(onChange).toHaveBeenLastCalledWith(['front-key', 'rear-key']);
    expect(onBusyChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    // The second photo becomes the cover, then the first is removed.
    await userEvent.click(screen.getByRole('button', { name: 'Make photo 2 the cover' }));
    expect(onChange).toHaveBeenLastCalledWith(['rear-key', 'front-key']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(onChange).toHaveBeenLastCalledWith(['rear-key']);
    expect(
      within(screen.getByRole('list', { name: 'Chosen photos' })).getByText('Cover'),
    ).toBeInTheDocument();
  });

  it("removes a failed upload's tile, shows why, and leaves it out of the car's photos", async () => {
    const onChange = vi.fn();
    render(<PhotoPicker id="photos" onChange={onChange} />);
    await userEvent.upload(screen.getByLabelText(/Add photos/), [file('notes.jpg'), file('front.jpg')]);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await act(async () => pending[0]?.reject(new Error('Upload a JPEG, PNG, WebP, AVIF or HEIC image.')));
    await act(async () => pending[1]?.resolve(aPhoto('front-key')));

    expect(screen.getByRole('alert').textContent).toContain(
      'notes.jpg: Upload a JPEG, PNG, WebP, AVIF or HEIC image.',
    );
    const tiles = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(1);
    expect(
      within(tiles[0] as HTMLElement)
        .getByRole('img')
        .getAttribute('alt'),
    ).toBe('Cover photo: front.jpg');
    expect(onChange).toHaveBeenLastCalledWith(['front-key']);
  });

  it('says the minimum size, and refuses a smaller photo in the browser without uploading it', async () => {
    const sizes: Record<string, [number, number]> = { 'tiny.jpg': [20, 20], 'wide.jpg': [1600, 1067] };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async (f: File) => {
        const [width, height] = sizes[f.name]!;
        return { width, height, close: () => {} };
      }),
    );
    render(<PhotoPicker id="photos" onChange={vi.fn()} />);
    expect(screen.getByText(/at least 480 × 480 pixels/)).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText(/Add photos/), [file('tiny.jpg'), file('wide.jpg')]);
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0]?.input.file.name).toBe('wide.jpg');
    expect(screen.getByRole('alert').textContent).toContain(
      'tiny.jpg: Use a photo at least 480 × 480 pixels: smaller ones look blurry. This one is 20 × 20.',
    );
    const tiles = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('refuses files over 15 MB without sending them, and stops at ten photos', async () => {
    render(<PhotoPicker id="photos" onChange={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText(/Add photos/), [file('huge.jpg', 15 * 1024 * 1024 + 1)]);
    expect(pending).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toContain('huge.jpg: Larger than 15 MB');
    expect(screen.queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument();

    const twelve = Array.from({ length: 12 }, (_, i) => file(`car-${i}.jpg`));
    await userEvent.upload(screen.getByLabelText(/Add photos/), twelve);
    expect(pending).toHaveLength(10);
    expect(screen.getByRole('status').textContent).toContain('2 photos were not added');
  });

  it('starts from the photos a car already has, the first as its cover', () => {
    render(<PhotoPicker id="photos" onChange={vi.fn()} initialPhotos={[aPhoto('a'), aPhoto('b')]} />);
    const tiles = within(screen.getByRole('list', { name: 'Chosen photos' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(2);
    expect(within(tiles[0] as HTMLElement).getByText('Cover')).toBeInTheDocument();
  });

  it('shows the form error and links it to the file input', () => {
    render(<PhotoPicker id="photos" onChange={vi.fn()} error="Photo is required" />);
    const input = screen.getByLabelText(/Add photos/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('photos-error');
    expect(screen.getByText('Photo is required').id).toBe('photos-error');
  });
});
