import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarInput } from './star-input.tsx';

function Rated({ error }: { error?: string }) {
  const [value, setValue] = useState<number | undefined>();
  return (
    <>
      <StarInput label="Experience" value={value} onChange={setValue} error={error} />
      <output>{value ?? 'none'}</output>
    </>
  );
}

describe('StarInput', () => {
  it('is a group of five radio buttons named by their stars and words, none chosen at first', () => {
    render(<Rated />);
    const group = screen.getByRole('group', { name: 'Experience' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      '1 star, Poor',
      '2 stars, Fair',
      '3 stars, Good',
      '4 stars, Very good',
      '5 stars, Excellent',
    ]);
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
    expect(group.textContent).toContain('Not rated');
  });

  it('takes a click on a star, and the arrow keys from there', async () => {
    render(<Rated />);
    await userEvent.click(screen.getByRole('radio', { name: '4 stars, Very good' }));
    expect(screen.getByRole('status').textContent).toBe('4');
    expect(screen.getByRole('radio', { name: '4 stars, Very good' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status').textContent).toBe('3');
    expect(screen.getByRole('group', { name: 'Experience' }).textContent).toContain('Good');
  });

  it('says what is wrong, tied to the group', () => {
    render(<Rated error="Rate the experience from 1 to 5 stars" />);
    const group = screen.getByRole('group', { name: 'Experience' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Rate the experience from 1 to 5 stars');
  });
});
