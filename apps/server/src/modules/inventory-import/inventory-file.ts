/**
 * Reading an import file into rows of column texts, and a row into the add-car form's input. A CSV
 * file (UTF-8, with or without a BOM, its delimiter a comma or a semicolon, told by its header) or a
 * JSON array of objects with the same columns; csv-parse reads the CSV (ADR 66).
 */
import {
  type CarInput,
  carInputSchema,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_PHOTO_SEPARATOR,
  type ImportColumn,
} from '@redline/shared';
import { parse } from 'csv-parse/sync';
import { badRequest } from '../../errors.ts';

/** A row of the file: its number (a CSV line, a JSON position) and its columns' texts. */
export interface FileRow {
  rowNumber: number;
  data: Partial<Record<ImportColumn, string>>;
}

const BOM = '\uFEFF';
const decoder = new TextDecoder('utf-8', { fatal: true });

/** The file's rows; a 400 naming what is wrong with a file that cannot be read as one. */
export function readInventoryFile(bytes: Buffer): FileRow[] {
  const text = decodeUtf8(bytes).replace(/^\uFEFF/, '');
  if (text.trim() === '') throw badRequest('The file is empty.');
  const rows = text.trimStart().startsWith('[') ? readJson(text) : readCsv(text);
  if (rows.length === 0) throw badRequest('The file has no rows of cars.');
  if (rows.length > IMPORT_MAX_ROWS)
    throw badRequest(
      `The file has ${rows.length.toLocaleString('en-US')} rows; one import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}. Split it.`,
    );
  return rows;
}

/** The text, or a 400 naming the first line that is not UTF-8 (a file saved as Windows-1252, say). */
function decodeUtf8(bytes: Buffer): string {
  try {
    return decoder.decode(bytes);
  } catch {
    let start = 0;
    for (let line = 1; ; line += 1) {
      const end = bytes.indexOf(0x0a, start);
      const slice = bytes.subarray(start, end === -1 ? bytes.length : end);
      try {
        decoder.decode(slice);
      } catch {
        throw badRequest(
          `The file is not UTF-8 text: line ${line} has bytes that are not UTF-8 (it may be saved as Windows-1252 or Latin-1). Save it as UTF-8 and upload it again.`,
        );
      }
      start = end + 1;
    }
  }
}

/** A comma or a semicolon, whichever the header line has more of (a spreadsheet in much of Europe writes `;`). */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const count = (character: string) => header.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function readCsv(text: string): FileRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(
      `The CSV file cannot be read${line ? ` at line ${line}` : ''}: ${(error as Error).message.replace(/^Invalid Record Length: /, '')}`,
    );
  }
  const [header, ...body] = records;
  const columns = header!.record.map((name) => name.trim());
  const unknown = columns.filter(
    (name) => name !== '' && !(IMPORT_COLUMNS as readonly string[]).includes(name),
  );
  if (unknown.length > 0)
    throw badRequest(
      `The header names columns Redline does not know: ${unknown.join(', ')}. Use the template's columns.`,
    );
  return body.map(({ record, info }) => ({
    rowNumber: info.lines,
    data: Object.fromEntries(
      columns.flatMap((name, i) => (name === '' || record[i] === undefined ? [] : [[name, record[i]]])),
    ),
  }));
}

function readJson(text: string): FileRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badRequest(`The JSON file cannot be read: ${(error as Error).message}`);
  }
  if (!Array.isArray(parsed)) throw badRequest('The JSON file must be an array of rows.');
  return parsed.map((row, i) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      throw badRequest(`Row ${i + 1} of the JSON file is not an object of columns.`);
    const data: Partial<Record<ImportColumn, string>> = {};
    for (const [name, value] of Object.entries(row)) {
      if (!(IMPORT_COLUMNS as readonly string[]).includes(name))
        throw badRequest(
          `Row ${i + 1} names a column Redline does not know: ${name}. Use the template's columns.`,
        );
      if (value !== null && value !== undefined) data[name as ImportColumn] = String(value);
    }
    return { rowNumber: i + 1, data };
  });
}

const NUMBER_COLUMNS = new Set<ImportColumn>([
  'year',
  'topSpeed',
  'kmDriven',
  'doors',
  'seats',
  'previousOwners',
  'deliveryRadiusKm',
]);
const DOLLAR_COLUMNS = new Set<ImportColumn>(['askingPrice', 'originalPrice']);

/** A number as written ("24999.99", "1,200"), or the text itself for the form's rule to refuse. */
function numberOf(text: string): number | string {
  const plain = text.replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

/** The declarations the dealer makes for every car of the import when committing it (or with the feed's key). */
const DECLARED = { noAccident: true, noLitigation: true, odometerGenuine: true, acceptLegalAction: true };

/**
 * The row as the add-car form's input, judged by the form's own rules: the car, or its errors by
 * field in the form's words. An empty cell is a field left empty.
 */
export function rowToCar(
  data: FileRow['data'],
): { car: CarInput; errors?: never } | { car?: never; errors: Record<string, string> } {
  const input: Record<string, unknown> = { declarations: DECLARED };
  for (const column of IMPORT_COLUMNS) {
    const text = data[column]?.trim();
    if (text === undefined || text === '') continue;
    if (column === 'photos') input.photos = text.split(IMPORT_PHOTO_SEPARATOR).map((key) => key.trim());
    else if (DOLLAR_COLUMNS.has(column)) {
      const dollars = numberOf(text);
      input[column] = typeof dollars === 'number' ? Math.round(dollars * 100) : dollars;
    } else input[column] = NUMBER_COLUMNS.has(column) ? numberOf(text) : text;
  }
  const result = carInputSchema.safeParse(input);
  if (result.success) return { car: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'row');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The template: the header and one example row. */
export function templateCsv(): string {
  const example: Record<ImportColumn, string> = {
    stockNumber: 'P-10482',
    vin: 'WP0AC2A99PS270123',
    year: '2023',
    brand: 'Porsche',
    model: '911',
    trim: 'GT3',
    categoryId: 'super-car',
    bodyStyle: 'Coupe',
    transmission: 'Dual-clutch',
    drivetrain: 'RWD',
    fuel: 'Petrol',
    engine: '4.0 L flat-six',
    topSpeed: '318',
    kmDriven: '8400',
    exteriorColour: 'Grey',
    exteriorColourName: 'GT Silver',
    interiorColour: 'Black',
    interiorColourName: '',
    doors: '2',
    seats: '2',
    previousOwners: '1',
    titleStatus: 'Clean',
    askingPrice: '215000',
    originalPrice: '230000',
    postalCode: '90210',
    deliveryRadiusKm: '',
    about: 'Weissach package, carbon roof, one careful owner.',
    photos: 'photo-key-1|photo-key-2',
  };
  const cell = (text: string) => (/[",\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return `${BOM}${IMPORT_COLUMNS.join(',')}\r\n${IMPORT_COLUMNS.map((c) => cell(example[c])).join(',')}\r\n`;
}
