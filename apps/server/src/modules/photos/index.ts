/** The photos module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import type { ListedByACar } from './photos.repository.ts';
import { photosRoutes } from './photos.routes.ts';
import { photoCleanupJob } from './photos.service.ts';

export { type PhotoSize, photoView, thumbnailName, variantName, variantWidths } from './photo-urls.ts';
export { type ListedByACar, photoSizes } from './photos.repository.ts';
export { claimPhotosForCar, ingestPhoto } from './photos.service.ts';

/**
 * The photos module, handed the cars' `listedByACar` for its cleanup: the cars import this
 * module, so the app passes it in (ADR 37).
 */
export const photosModule = (listedByACar: ListedByACar) =>
  defineModule({
    name: 'photos',
    routes: photosRoutes,
    jobs: (context) => [photoCleanupJob({ ...context, listedByACar })],
  });
