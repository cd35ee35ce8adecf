import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anImport, anImportRow } from '../../../testing/fixtures/inventory-import.ts';
import { answer, requests } from '../../../testing/network.ts';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { ImportView } from './import-view.tsx';

const ROWS = [
  anImportRow({ rowNumber: 2, stockNumber: 'S-1' }),
  anImportRow({
    rowNumber: 3,
    stockNumber: 'S-2',
    outcome: 'failed',
    errors: { askingPrice: 'Asking price is required', year: 'Year must be 1886 or later' },
  }),
  anImportRow({ rowNumber: 4, stockNumber: 'S-3' }),
];
const sent = (method: string) => requests().filter((request) => request.method === method);

async function tickDeclarations() {
  for (const checkbox of screen.getAllByRole('checkbox', { name: /./ }).filter((box) => box.closest('form')))
    await userEvent.click(checkbox);
}

describe('ImportView', () => {
  it('shows a preview’s figures and each failed row’s errors by column, and filters to the failed rows', async () => {
    answer({
      'GET /dealer/imports/:id': anImport(),
      'GET /dealer/imports/:id/rows': ({ query }) => ({
        items: query.get('failed') === 'true' ? ROWS.filter((row) => row.outcome === 'failed') : ROWS,
        nextCursor: null,
      }),
    });
    renderWithProviders(<ImportView id="imp-1" />);
    const figures = await screen.findByText('To create');
    expect(figures.nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Failed').nextElementSibling).toHaveTextContent('1');
    expect(screen.queryByText('To mark sold')).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'The rows of the file' });
    const bad = within(table).getByRole('row', { name: /S-2/ });
    expect(bad).toHaveTextContent('askingPrice: Asking price is required');
    expect(bad).toHaveTextContent('year: Year must be 1886 or later');
    expect(within(table).getAllByText('New car')).toHaveLength(2);
    expect(screen.getByText(/The 1 row with errors is left out\./)).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Only the 1 row with errors'));
    await waitFor(() => expect(within(table).queryByText('S-1')).not.toBeInTheDocument());
    expect(within(table).getByText('S-2')).toBeInTheDocument();
    expect(requests().at(-1)?.query.get('failed')).toBe('true');
  });

  it('names the photos of the zip that no row names, and says how many more there are', async () => {
    answer({
      'GET /dealer/imports/:id': anImport({
        extraPhotos: { count: 22, names: Array.from({ length: 20 }, (_, i) => `spare-${i + 1}.jpg`) },
      }),
      'GET /dealer/imports/:id/rows': { items: ROWS, nextCursor: null },
    });
    renderWithProviders(<ImportView id="imp-1" />);
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('22 photos of the zip are named by no row and were not added:');
    expect(note).toHaveTextContent('spare-1.jpg, spare-2.jpg');
    expect(note).toHaveTextContent('spare-20.jpg and 2 others');
  });

  it('says nothing of extra photos when the zip had none', async () => {
    answer({
      'GET /dealer/imports/:id': anImport(),
      'GET /dealer/imports/:id/rows': { items: ROWS, nextCursor: null },
    });
    renderWithProviders(<ImportView id="imp-1" />);
    await screen.findByText('To create');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('commits only with every declaration ticked, then follows the progress to done and links to the cars', async () => {
    let polls = 0;
    answer({
      'GET /dealer/imports/:id': () => {
        const committed = sent('POST').length > 0;
        if (!committed) return anImport();
        polls += 1;
        return polls < 2
          ? anImport({
              status: 'running',
              applied: 1,
              counts: { ...anImport().counts, created: 1, failed: 0 },
            })
          : anImport({ status: 'done', applied: 3 });
      },
      'GET /dealer/imports/:id/rows': { items: ROWS, nextCursor: null },
      'POST /dealer/imports/:id/commit': () => anImport({ status: 'queued' }),
    });
    renderWithProviders(<ImportView id="imp-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Commit' }));
    expect(await screen.findAllByText('You must confirm this declaration')).toHaveLength(4);
    expect(sent('POST')).toEqual([]);

    await tickDeclarations();
    await userEvent.click(screen.getByRole('button', { name: 'Commit' }));
    await waitFor(() =>
      expect(sent('POST')[0]?.body).toEqual({
        declarations: {
          noAccident: true,
          noLitigation: true,
          odometerGenuine: true,
          acceptLegalAction: true,
        },
      }),
    );
    expect(await screen.findByText(/Applying… 1 of 3 rows/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Rows applied' })).toHaveAttribute('value', '1');
    // While it runs, a row says what it will do, not what is not done yet.
    const table = screen.getByRole('table', { name: 'The rows of the file' });
    expect(within(table).getAllByText('New car')).toHaveLength(2);
    expect(await screen.findByText('Done: every row is applied.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(within(table).getAllByText('Created')).toHaveLength(2);
    expect(screen.getByRole('progressbar', { name: 'Rows applied' })).toHaveAttribute('value', '3');
    expect(screen.getByRole('link', { name: 'See your cars' })).toHaveAttribute(
      'href',
      '/dash/seller/addedproducts',
    );
  });

  it('asks before a full import marks cars sold, and sends nothing when the dealer holds back', async () => {
    answer({
      'GET /dealer/imports/:id': anImport({
        mode: 'full',
        counts: { ...anImport().counts, markedSold: 4 },
      }),
      'GET /dealer/imports/:id/rows': { items: ROWS, nextCursor: null },
      'POST /dealer/imports/:id/commit': () => anImport({ mode: 'full', status: 'queued' }),
    });
    renderWithProviders(<ImportView id="imp-1" />);
    expect(await screen.findByText(/marks 4 cars of yours sold/)).toBeInTheDocument();
    expect(screen.getByText('To mark sold').nextElementSibling).toHaveTextContent('4');
    await tickDeclarations();
    await userEvent.click(screen.getByRole('button', { name: 'Commit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark 4 cars sold?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(sent('POST')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Commit' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Mark 4 cars sold?' })).getByRole('button', {
        name: 'Commit and mark them sold',
      }),
    );
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
  });

  it('says why a commit stopped, and that the cars applied so far stay', async () => {
    answer({
      'GET /dealer/imports/:id': anImport({ status: 'failed', applied: 1, error: 'The database went away.' }),
      'GET /dealer/imports/:id/rows': { items: ROWS, nextCursor: null },
    });
    renderWithProviders(<ImportView id="imp-1" />);
    expect(
      await screen.findByText(/The database went away\. The cars applied so far stay/),
    ).toBeInTheDocument();
    expect(screen.getByText('The import stopped.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'See your cars' })).not.toBeInTheDocument();
  });
});
