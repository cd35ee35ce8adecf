import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anImport } from '../../../testing/fixtures/inventory-import.ts';
import { answer, apiError, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ImportUploadForm } from './import-upload-form.tsx';

const file = () => new File(['stockNumber,year\nS-1,2024\n'], 'stock.csv', { type: 'text/csv' });

describe('ImportUploadForm', () => {
  it('asks for a file before sending anything', async () => {
    renderWithProviders(<ImportUploadForm onPreviewed={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(screen.getByText('Choose a CSV or JSON file')).toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('uploads the file in the mode chosen, and opens its preview', async () => {
    answer({ 'POST /dealer/imports': anImport({ id: 'imp-9', mode: 'full' }) });
    const onPreviewed = vi.fn();
    renderWithProviders(<ImportUploadForm onPreviewed={onPreviewed} />);
    await userEvent.upload(screen.getByLabelText('Inventory file'), file());
    await userEvent.click(screen.getByLabelText(/My whole stock/));
    expect(
      screen.getByText(/every car of yours for sale that is not in the file is marked sold/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    await waitFor(() => expect(onPreviewed).toHaveBeenCalledWith(expect.objectContaining({ id: 'imp-9' })));
    expect(requests()[0]?.query.get('mode')).toBe('full');
  });

  it('sends the zip of photos beside the file, each in its own field', async () => {
    answer({ 'POST /dealer/imports': anImport({ id: 'imp-9' }) });
    // jsdom's multipart body cannot be read back: what the form appends is what it sends.
    const append = vi.spyOn(FormData.prototype, 'append');
    const onPreviewed = vi.fn();
    renderWithProviders(<ImportUploadForm onPreviewed={onPreviewed} />);
    await userEvent.upload(screen.getByLabelText('Inventory file'), file());
    await userEvent.upload(
      screen.getByLabelText('Photos (zip, optional)'),
      new File(['PK'], 'photos.zip', { type: 'application/zip' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    await waitFor(() => expect(onPreviewed).toHaveBeenCalled());
    expect(append.mock.calls.map(([field, , name]) => [field, name])).toEqual([
      ['file', 'stock.csv'],
      ['photos', 'photos.zip'],
    ]);
    append.mockRestore();
  });

  it('shows why the server could not read the file, under the form', async () => {
    answer({
      'POST /dealer/imports': apiError(
        400,
        'validation',
        'The file is not UTF-8 text: line 3 has bytes that are not UTF-8 (it may be saved as Windows-1252 or Latin-1). Save it as UTF-8 and upload it again.',
      ),
    });
    const onPreviewed = vi.fn();
    renderWithProviders(<ImportUploadForm onPreviewed={onPreviewed} />);
    await userEvent.upload(screen.getByLabelText('Inventory file'), file());
    await userEvent.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('line 3 has bytes that are not UTF-8');
    expect(onPreviewed).not.toHaveBeenCalled();
  });
});
