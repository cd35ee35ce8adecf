/** The photos module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import type { PhotoInUse } from './photos.repository.ts';
import { photosRoutes } from './photos.routes.ts';
import { photoCleanupJob } from './photos.service.ts';

export { type PhotoSize, photoView, thumbnailName, variantName, variantWidths } from './photo-urls.ts';
export { type PhotoInUse, photoSizes, photosOfUploaders } from './photos.repository.ts';
export { claimPhoto, claimPhotosForCar, ingestPhoto, PHOTOS_NOT_FOUND, pixelsOf } from './photos.service.ts';

/**
 * The photos module, handed what keeps a photo from its cleanup (the cars' `listedByACar`, the
 * dealers' `dealerLogo`): those modules import this one, so the app passes them in (ADR 37).
 */
export const photosModule = (inUse: PhotoInUse[]) =>
  defineModule({
    name: 'photos',
    routes: photosRoutes,
    jobs: (context) => [photoCleanupJob({ ...context, inUse })],
  });
