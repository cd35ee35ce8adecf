import type { MultipartFile } from '@fastify/multipart';
import multipart from '@fastify/multipart';
import {
  IMPORT_MAX_BYTES,
  IMPORT_PHOTOS_FIELD,
  IMPORT_UPLOAD_FIELD,
  IMPORT_ZIP_MAX_BYTES,
} from '@redline/shared';
import { contract } from '@redline/shared/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, tooLarge, unsupportedMedia } from '../../errors.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import * as apiKeys from './api-keys.ts';
import { templateCsv } from './inventory-file.ts';
import * as service from './inventory-import.service.ts';

/** Per dealer, after the access check has named them: a dealer uploads a few files an hour; more is a script gone round. */
const uploadLimit = {
  groupId: 'inventory-uploads',
  max: 30,
  timeWindow: '1 hour',
  hook: 'preHandler',
  keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip,
} as const;

export function inventoryImportRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here, not on the app: its hooks run on this module's routes only.
    // Each part is held to its own limit as it is read (`readPart`), which this one, a byte past the
    // larger's, leaves to answer.
    await app.register(multipart, {
      limits: { fileSize: Math.max(IMPORT_MAX_BYTES, IMPORT_ZIP_MAX_BYTES) + 1, files: 2 },
    });
    serve(app, contract.getImportTemplate, (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="redline-inventory-template.csv"')
        .send(templateCsv()),
    );
    serve(
      app,
      contract.previewImport,
      async (request, reply) => {
        const upload = await uploadedFiles(request);
        const preview = await service.previewImport(
          context,
          currentUser(request),
          upload,
          request.query.mode,
        );
        return reply.code(201).send(preview);
      },
      { rateLimit: uploadLimit },
    );
    serve(
      app,
      contract.feedImport,
      async (request, reply) => {
        const upload = await uploadedFiles(request);
        const fed = await service.feedImport(context, currentUser(request), upload, request.query.mode);
        return reply.code(201).send(fed);
      },
      { rateLimit: uploadLimit },
    );
    serve(app, contract.getApiKey, (request) => apiKeys.apiKeyOf(context, currentUser(request)));
    serve(app, contract.createApiKey, async (request, reply) =>
      reply.code(201).send(await apiKeys.createApiKey(context, currentUser(request))),
    );
    serve(app, contract.revokeApiKey, (request) => apiKeys.revokeApiKey(context, currentUser(request)));
    serve(app, contract.listImports, (request) =>
      service.listImports(context, currentUser(request), request.query),
    );
    serve(app, contract.getImport, (request) =>
      service.getImport(context, currentUser(request), request.params.id),
    );
    serve(app, contract.listImportRows, (request) =>
      service.listImportRows(context, currentUser(request), request.params.id, request.query),
    );
    serve(app, contract.commitImport, (request) =>
      service.commitImport(context, currentUser(request), request.params.id, request.body),
    );
  };
}

/** The parts an upload reads, each with its limit and what a larger one is told. */
const PARTS = {
  [IMPORT_UPLOAD_FIELD]: {
    maxBytes: IMPORT_MAX_BYTES,
    tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it.`,
  },
  [IMPORT_PHOTOS_FIELD]: {
    maxBytes: IMPORT_ZIP_MAX_BYTES,
    tooLarge: `The zip of photos is larger than ${IMPORT_ZIP_MAX_BYTES / 1024 / 1024} MB. Split the import.`,
  },
} as const;

/** The upload's file and its zip of photos if sent, or the 4xx of a missing, too large or unreadable one. */
async function uploadedFiles(request: FastifyRequest): Promise<service.ImportUpload> {
  if (!request.isMultipart()) throw unsupportedMedia('Send the file as multipart/form-data.');
  const read: Partial<Record<keyof typeof PARTS, Buffer>> = {};
  try {
    for await (const part of request.files()) {
      const field = part.fieldname as keyof typeof PARTS;
      if (!Object.hasOwn(PARTS, field) || read[field])
        throw badRequest(
          `Send the file in "${IMPORT_UPLOAD_FIELD}" and the zip of photos in "${IMPORT_PHOTOS_FIELD}".`,
        );
      read[field] = await readPart(part, PARTS[field]);
    }
  } catch (error) {
    unreadableUpload(error);
  }
  if (!read[IMPORT_UPLOAD_FIELD])
    throw badRequest('Choose a file to import.', { [IMPORT_UPLOAD_FIELD]: 'File is required' });
  return { file: read[IMPORT_UPLOAD_FIELD], photos: read[IMPORT_PHOTOS_FIELD] };
}

/** The part's bytes, refused with a 413 as soon as they pass its limit. */
async function readPart(part: MultipartFile, limit: { maxBytes: number; tooLarge: string }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file) {
    size += (chunk as Buffer).length;
    if (size > limit.maxBytes) throw tooLarge(limit.tooLarge);
    chunks.push(chunk as Buffer);
  }
  // The multipart limit (the larger part's) cut the stream short.
  if (part.file.truncated) throw tooLarge(limit.tooLarge);
  return Buffer.concat(chunks);
}

function unreadableUpload(error: unknown): never {
  if (error instanceof AppError || typeof (error as { statusCode?: unknown })?.statusCode === 'number')
    throw error;
  throw badRequest('The upload was cut short or is malformed. Please try again.', {
    [IMPORT_UPLOAD_FIELD]: 'The upload could not be read',
  });
}
