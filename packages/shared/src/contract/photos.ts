/** A seller uploading a car photo. */
import { PHOTO_UPLOAD_FIELD } from '../photo-limits.ts';
import { photoSchema } from '../photos.ts';
import { defineRoute } from './route.ts';

export const photosRoutes = {
  uploadPhoto: defineRoute({
    method: 'POST',
    path: '/uploads',
    access: ['Seller'],
    tags: ['photos'],
    operationId: 'uploadPhoto',
    otherStatuses: [503],
    summary: 'Upload one car photo (multipart field "file"; JPEG, PNG, WebP, AVIF or HEIC, at most 15 MB)',
    consumes: ['multipart/form-data'],
    files: { [PHOTO_UPLOAD_FIELD]: 'The photo: JPEG, PNG, WebP, AVIF or HEIC, at most 15 MB' },
    responses: { 201: photoSchema },
  }),
};
