import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '../hooks/use-theme.ts';
import { ThemeToggle } from './theme-toggle.tsx';

describe('ThemeToggle', () => {
  it('follows the system setting until the user picks, then remembers the pick', async () => {
    // The setup's matchMedia reports a light system preference.
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Switch to dark theme' });

    await userEvent.click(button);

    expect(document.documentElement.getAttribute('data-theme')).toBe('redline-dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.getAttribute('data-theme')).toBe('redline');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});
