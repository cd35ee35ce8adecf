import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/test-utils.tsx';
import { ShareButton } from './share-button.tsx';

const title = '2021 Porsche 911 GT3 Touring';
const pageUrl = () => window.location.href;

describe('ShareButton', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('reads "Share" on the server and in the browser alike', () => {
    expect(renderToString(<ShareButton title={title} />)).toContain('Share</button>');
  });

  it("opens the system's share sheet with the page's address where the browser has one", async () => {
    const user = userEvent.setup();
    const share = vi.fn(async (_data: ShareData) => {});
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await navigator.clipboard.writeText('before');
    renderWithProviders(<ShareButton title={title} />);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title, url: pageUrl() });
    expect(await navigator.clipboard.readText()).toBe('before');
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('does nothing more when the visitor closes the share sheet', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await navigator.clipboard.writeText('before');
    renderWithProviders(<ShareButton title={title} />);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(await navigator.clipboard.readText()).toBe('before');
  });

  it('copies the address and says so where the browser cannot share', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ShareButton title={title} />);

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(pageUrl());
  });
});
