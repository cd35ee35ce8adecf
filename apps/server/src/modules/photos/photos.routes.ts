import multipart from '@fastify/multipart';
import { MAX_CAR_PHOTOS, PHOTO_MAX_BYTES, PHOTO_UPLOAD_FIELD } from '@redline/shared';
import { contract } from '@redline/shared/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, tooLarge, unsupportedMedia } from '../../errors.ts';
import { currentUser } from '../../http/access.ts';
import { serve } from '../../http/serve.ts';
import { photoView } from './photo-urls.ts';
import { ingestPhoto } from './photos.service.ts';

export function photosRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here, not on the app: its hooks then run on this route only, and no other route
    // accepts a multipart body.
    await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: MAX_CAR_PHOTOS } });
    serve(
      app,
      contract.uploadPhoto,
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedMedia('Send the photo as multipart/form-data.');
        const file = await request.file().catch(unreadableUpload);
        if (!file || file.fieldname !== PHOTO_UPLOAD_FIELD) {
          throw badRequest('Choose a photo to upload.', { [PHOTO_UPLOAD_FIELD]: 'Photo is required' });
        }
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
            throw tooLarge('The photo is larger than 15 MB.');
          }
          unreadableUpload(error);
        }
        const photo = await ingestPhoto(context, buffer, currentUser(request).id);
        return reply.code(201).send(photoView(context.photos, photo.key, photo));
      },
      // Decoding and encoding cost real CPU time; a seller posting a car sends at most ten photos.
      { rateLimit: { max: 60, timeWindow: '1 minute' } },
    );
  };
}

/**
 * The multipart parser throws plain errors when the body ends early or is not valid multipart
 * (a dropped connection, a broken client): the upload's fault, so a 400, not a 500. Its own
 * errors that carry a status (too many parts, …) keep it.
 */
function unreadableUpload(error: unknown): never {
  if (error instanceof AppError || typeof (error as { statusCode?: unknown })?.statusCode === 'number')
    throw error;
  throw badRequest('The upload was cut short or is malformed. Please try again.', {
    [PHOTO_UPLOAD_FIELD]: 'The upload could not be read',
  });
}
