/** Inventory import (ADR 66): a dealer's file previewed, committed and followed, and the template. */
import { z } from 'zod';
import { deletedCountSchema, pageQuerySchema } from '../common.ts';
import {
  apiKeyInputSchema,
  apiKeySchema,
  createdApiKeySchema,
  importCommitInputSchema,
  importRowsQuerySchema,
  importUploadQuerySchema,
  inventoryImportPageSchema,
  inventoryImportRowPageSchema,
  inventoryImportSchema,
} from '../inventory-import.ts';
import { IMPORT_PHOTOS_FIELD, IMPORT_UPLOAD_FIELD } from '../inventory-import-limits.ts';
import { defineRoute, type RouteFile } from './route.ts';

const tags = ['inventory import'];
const importFiles: Record<string, RouteFile> = {
  [IMPORT_UPLOAD_FIELD]: 'The inventory: a CSV file (UTF-8, comma or semicolon) or a JSON array of rows',
  [IMPORT_PHOTOS_FIELD]: {
    description:
      "A zip of the photos the rows' photos column names by file name (JPEG, PNG, WebP, AVIF or HEIC)",
    optional: true,
  },
};
const importIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const inventoryImportRoutes = {
  getImportTemplate: defineRoute({
    method: 'GET',
    path: '/dealer/imports/template',
    access: ['Seller'],
    tags,
    operationId: 'getImportTemplate',
    summary: "The import file's template: a CSV file of the columns and an example row",
    produces: ['text/csv'],
    responses: { 200: z.string() },
  }),
  previewImport: defineRoute({
    method: 'POST',
    path: '/dealer/imports',
    access: ['Seller'],
    tags,
    operationId: 'previewImport',
    summary:
      'Upload a dealer\'s inventory file (CSV or JSON, multipart field "file", and optionally a zip of its photos in "photos"): read and judged into a preview, no car changed (dealers)',
    query: importUploadQuerySchema,
    consumes: ['multipart/form-data'],
    files: importFiles,
    responses: { 201: inventoryImportSchema },
    otherStatuses: [403, 413, 415],
  }),
  listImports: defineRoute({
    method: 'GET',
    path: '/dealer/imports',
    access: ['Seller'],
    tags,
    operationId: 'listImports',
    summary: "The dealer's imports, newest first (dealers)",
    query: pageQuerySchema,
    responses: { 200: inventoryImportPageSchema },
    otherStatuses: [403],
  }),
  getImport: defineRoute({
    method: 'GET',
    path: '/dealer/imports/:id',
    access: ['Seller'],
    tags,
    operationId: 'getImport',
    summary: 'An import: its status and counts, what a page polls while it commits',
    params: importIdParamsSchema,
    responses: { 200: inventoryImportSchema },
    otherStatuses: [404],
  }),
  listImportRows: defineRoute({
    method: 'GET',
    path: '/dealer/imports/:id/rows',
    access: ['Seller'],
    tags,
    operationId: 'listImportRows',
    summary: "An import's rows in file order, with their errors in the car form's words and their outcome",
    params: importIdParamsSchema,
    query: importRowsQuerySchema,
    responses: { 200: inventoryImportRowPageSchema },
    otherStatuses: [404],
  }),
  commitImport: defineRoute({
    method: 'POST',
    path: '/dealer/imports/:id/commit',
    access: ['Seller'],
    tags,
    operationId: 'commitImport',
    summary:
      "Commit a previewed import with the car form's declarations: a job applies it (one of a dealer's at a time)",
    params: importIdParamsSchema,
    body: importCommitInputSchema,
    responses: { 200: inventoryImportSchema },
    otherStatuses: [404, 409],
  }),
  getApiKey: defineRoute({
    method: 'GET',
    path: '/dealer/api-key',
    access: ['Seller'],
    tags,
    operationId: 'getApiKey',
    summary: "The dealer's feed API key as kept (its first characters, when made and last used), or null",
    responses: { 200: apiKeySchema.nullable() },
    otherStatuses: [403],
  }),
  createApiKey: defineRoute({
    method: 'POST',
    path: '/dealer/api-key',
    access: ['Seller'],
    tags,
    operationId: 'createApiKey',
    summary:
      "Make the dealer's feed API key, or a new one in place of the old (which stops at once), with the car form's declarations for the cars it sends; the key is shown this once",
    body: apiKeyInputSchema,
    responses: { 201: createdApiKeySchema },
    otherStatuses: [403],
  }),
  revokeApiKey: defineRoute({
    method: 'DELETE',
    path: '/dealer/api-key',
    access: ['Seller'],
    tags,
    operationId: 'revokeApiKey',
    summary: "Revoke the dealer's feed API key",
    responses: { 200: deletedCountSchema },
  }),
  feedImport: defineRoute({
    method: 'POST',
    path: '/dealer/feed',
    access: 'dealerKey',
    tags,
    operationId: 'feedImport',
    summary:
      'A dealer\'s system sends its inventory file (as an upload\'s, multipart fields "file" and optionally "photos", a zip), with the dealer\'s API key: imported and committed at once, no preview',
    query: importUploadQuerySchema,
    consumes: ['multipart/form-data'],
    files: importFiles,
    responses: { 201: inventoryImportSchema },
    otherStatuses: [403, 409, 413, 415],
  }),
};
