/**
 * Inventory import (issue 49, ADR 66): a dealer's cars in bulk, from a CSV or JSON file uploaded and
 * previewed before it commits, or from a feed their system uploads with an API key. Each row is
 * judged by the add-car form's own rules (`carInputSchema`), so its errors read as the form's.
 */
import { z } from 'zod';
import { carDeclarationsSchema } from './cars.ts';
import { pageOf } from './common.ts';

/**
 * The columns of an import file, in the template's order: the add-car form's fields and the dealer's
 * stock number. Prices are in dollars ("24999.99"), speeds in km/h and distances in km, as the API
 * stores them; `photos` names photos, separated by `|`: files of the upload's zip, or keys of
 * photos the dealer's team uploaded.
 */
export const IMPORT_COLUMNS = [
  'stockNumber',
  'vin',
  'year',
  'brand',
  'model',
  'trim',
  'categoryId',
  'bodyStyle',
  'transmission',
  'drivetrain',
  'fuel',
  'engine',
  'topSpeed',
  'kmDriven',
  'exteriorColour',
  'exteriorColourName',
  'interiorColour',
  'interiorColourName',
  'doors',
  'seats',
  'previousOwners',
  'titleStatus',
  'askingPrice',
  'originalPrice',
  'postalCode',
  'deliveryRadiusKm',
  'about',
  'photos',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** What separates the photos of a row in the `photos` column. */
export const IMPORT_PHOTO_SEPARATOR = '|';
/** How many of a zip's photos that no row names a preview lists by name (it counts them all). */
export const IMPORT_EXTRA_PHOTOS_LISTED = 20;

/** `full`: the file is the dealer's whole stock, so their cars missing from it are marked sold; `partial`: it is not. */
export const IMPORT_MODES = ['partial', 'full'] as const;
export const IMPORT_SOURCES = ['upload', 'feed'] as const;
/**
 * `previewed`: parsed and judged, nothing changed yet; `queued` and `running`: committing; `done`;
 * `failed`: the commit stopped for good (its `error` says why; the rows applied before it stay).
 */
export const IMPORT_STATUSES = ['previewed', 'queued', 'running', 'done', 'failed'] as const;
/** What a row does to the dealer's cars: planned by the preview, then what the commit did. */
export const IMPORT_ROW_OUTCOMES = ['create', 'update', 'unchanged', 'failed'] as const;

export const importModeSchema = z.enum(IMPORT_MODES, { error: 'Choose partial or full' });
export type ImportMode = z.infer<typeof importModeSchema>;
/** The query of an upload: whether the file is the whole stock. */
export const importUploadQuerySchema = z.object({ mode: importModeSchema.default('partial') });

/**
 * Body of committing a previewed import: the add-car form's four declarations, made once for every
 * car of the file.
 */
export const importCommitInputSchema = z.object({ declarations: carDeclarationsSchema });
export type ImportCommitInput = z.infer<typeof importCommitInputSchema>;

const countsSchema = z.object({
  /** Rows in the file. */
  read: z.number().int(),
  /** Rows the form's rules accept. */
  valid: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  /** Cars missing from a full import, marked sold (a preview: those it would mark). */
  markedSold: z.number().int(),
});

/** A zip's photos that no row names: not stored. Their count, and the first names in the zip's order. */
const extraPhotosSchema = z.object({
  count: z.number().int(),
  names: z.array(z.string()).max(IMPORT_EXTRA_PHOTOS_LISTED),
});

export const inventoryImportSchema = z.object({
  id: z.string(),
  source: z.enum(IMPORT_SOURCES),
  mode: importModeSchema,
  status: z.enum(IMPORT_STATUSES),
  /** Who uploaded it; null for a feed. */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A preview's counts are what committing would do; then what it did so far. */
  counts: countsSchema,
  /** The rows applied so far (the progress bar: of `counts.read`). */
  applied: z.number().int(),
  /** The photos of the upload's zip that no row names (none without a zip). */
  extraPhotos: extraPhotosSchema,
  /** Why the commit failed; null otherwise. */
  error: z.string().nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type InventoryImport = z.infer<typeof inventoryImportSchema>;
export const inventoryImportPageSchema = pageOf(inventoryImportSchema);

export const inventoryImportRowSchema = z.object({
  /** The row's line in a CSV file (the header is line 1), or its position from 1 in a JSON array. */
  rowNumber: z.number().int(),
  stockNumber: z.string().nullable(),
  vin: z.string().nullable(),
  /** The form's messages by field (as the add-car form shows them); empty when the row is valid. */
  errors: z.record(z.string(), z.string()),
  outcome: z.enum(IMPORT_ROW_OUTCOMES),
  /** The car it created or updated (or found unchanged). */
  carId: z.string().nullable(),
});
export type InventoryImportRow = z.infer<typeof inventoryImportRowSchema>;
export const inventoryImportRowPageSchema = pageOf(inventoryImportRowSchema);

export const importRowsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** The row number after which the page starts. */
  cursor: z.string().max(12).regex(/^\d*$/).optional(),
  /** Only the rows with errors. */
  failed: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/**
 * Body of creating (or rotating) the feed's API key: the four declarations, made once for every car
 * the feed will send.
 */
export const apiKeyInputSchema = z.object({ declarations: carDeclarationsSchema });
/** The dealer's feed key, shown this once (only its hash is kept). */
export const createdApiKeySchema = z.object({ key: z.string(), createdAt: z.string() });
/** The dealer's feed key as kept: when made, its first characters, when last used. */
export const apiKeySchema = z.object({
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
