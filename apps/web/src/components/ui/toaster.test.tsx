import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast.ts';
import { AppToaster } from './toaster.tsx';

describe('AppToaster', () => {
  it('renders nothing on the server and before the first toast, then shows every toast', async () => {
    expect(renderToString(<AppToaster />)).toBe('');
    const { container } = render(<AppToaster />);
    expect(container.innerHTML).toBe('');

    toast.success('Saved');
    toast.error('Could not delete');
    // findByText fails when the text never appears.
    expect((await screen.findByText('Saved')).textContent).toBe('Saved');
    expect((await screen.findByText('Could not delete')).textContent).toBe('Could not delete');
  });

  it("follows a toast's link with the caller's navigate, and the toast goes", async () => {
    render(<AppToaster />);
    const navigate = vi.fn();
    toast.success('Search saved.', {
      label: 'See your saved searches',
      href: '/dash/buyer/searches',
      navigate,
    });

    const link = await screen.findByRole('link', { name: 'See your saved searches' });
    expect(link.getAttribute('href')).toBe('/dash/buyer/searches');
    expect(link.parentElement?.textContent).toBe('Search saved. See your saved searches');
    await userEvent.click(link);
    expect(navigate).toHaveBeenCalledWith('/dash/buyer/searches');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'See your saved searches' })).not.toBeInTheDocument(),
    );
  });
});
