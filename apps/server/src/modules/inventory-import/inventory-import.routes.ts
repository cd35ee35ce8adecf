import multipart from '@fastify/multipart';
import { IMPORT_MAX_BYTES, IMPORT_UPLOAD_FIELD } from '@redline/shared';
import { contract } from '@redline/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
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
        const bytes = await uploadedFile(app, request);
        const preview = await service.previewImport(context, currentUser(request), bytes, request.query.mode);
        return reply.code(201).send(preview);
      },
      { rateLimit: uploadLimit },
    );
    serve(
      app,
      contract.feedImport,
      async (request, reply) => {
        const bytes = await uploadedFile(app, request);
        const fed = await service.feedImport(context, currentUser(request), bytes, request.query.mode);
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

/** The upload's file, or the 4xx of a missing, too large or unreadable one. */
async function uploadedFile(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedMedia('Send the file as multipart/form-data.');
  const file = await request.file().catch(unreadableUpload);
  if (!file || file.fieldname !== IMPORT_UPLOAD_FIELD)
    throw badRequest('Choose a file to import.', { [IMPORT_UPLOAD_FIELD]: 'File is required' });
  try {
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError)
      throw tooLarge(`The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it.`);
    return unreadableUpload(error);
  }
}

function unreadableUpload(error: unknown): never {
  if (error instanceof AppError || typeof (error as { statusCode?: unknown })?.statusCode === 'number')
    throw error;
  throw badRequest('The upload was cut short or is malformed. Please try again.', {
    [IMPORT_UPLOAD_FIELD]: 'The upload could not be read',
  });
}
