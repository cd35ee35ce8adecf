/**
 * Inventory files as a dealer's system writes them, for the import's tests and its benchmark
 * (bench/inventory-import.ts): rows of valid cars, as CSV, and the multipart body that uploads one.
 */
import { randomBytes } from 'node:crypto';
import { IMPORT_COLUMNS, IMPORT_PHOTOS_FIELD, IMPORT_UPLOAD_FIELD, type ImportColumn } from '@redline/shared';

/** A multipart body with the file and, when given, the zip of its photos, as the import page's FormData sends them. */
export function multipart(data: Buffer, filename = 'stock.csv', photos?: Buffer) {
  const boundary = `----redline${randomBytes(8).toString('hex')}`;
  const part = (field: string, name: string, type: string, bytes: Buffer) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from('\r\n'),
  ];
  return {
    payload: Buffer.concat([
      ...part(IMPORT_UPLOAD_FIELD, filename, 'text/csv', data),
      ...(photos ? part(IMPORT_PHOTOS_FIELD, 'photos.zip', 'application/zip', photos) : []),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A row of the dealer's file: a valid car, numbered `n`, with `overrides`. */
export function row(photo: string, n: number, overrides: Partial<Record<ImportColumn, string>> = {}) {
  return {
    stockNumber: `S-${n}`,
    year: '2021',
    brand: 'Porsche',
    model: '911',
    trim: 'Carrera',
    categoryId: 'super-car',
    bodyStyle: 'Coupe',
    transmission: 'Automatic',
    drivetrain: 'RWD',
    fuel: 'Petrol',
    engine: '3.0 L flat-six',
    topSpeed: '293',
    kmDriven: String(10_000 + n),
    exteriorColour: 'Black',
    askingPrice: '95000',
    originalPrice: '120000',
    postalCode: '90210',
    about: `Car number ${n}, serviced, two keys.`,
    photos: photo,
    ...overrides,
  } satisfies Partial<Record<ImportColumn, string>>;
}

/** The rows as a CSV file with the template's header, cells separated by `delimiter`. */
export function csv(rows: Partial<Record<ImportColumn, string>>[], delimiter = ',') {
  const cell = (text = '') => (/[",;\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
  return [
    IMPORT_COLUMNS.join(delimiter),
    ...rows.map((r) => IMPORT_COLUMNS.map((c) => cell(r[c])).join(delimiter)),
  ].join('\r\n');
}
