/** The photos module's public surface: other code imports this file only. */
export { type PhotoSize, photoView, thumbnailName, variantName, variantWidths } from './photo-urls.ts';
export { photoSizes } from './photos.repository.ts';
export { photosRoutes } from './photos.routes.ts';
export { claimPhotosForCar, ingestPhoto, photoCleanupJob } from './photos.service.ts';
