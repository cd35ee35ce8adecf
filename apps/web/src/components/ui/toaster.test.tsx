import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
});
