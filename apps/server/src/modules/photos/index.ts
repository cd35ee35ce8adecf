/** The photos module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';
import { photosRoutes } from './photos.routes.ts';
import { photoCleanupJob } from './photos.service.ts';

export { type PhotoSize, photoView, thumbnailName, variantName, variantWidths } from './photo-urls.ts';
export { photoSizes } from './photos.repository.ts';
export { claimPhotosForCar, ingestPhoto } from './photos.service.ts';

export const photosModule = defineModule({
  name: 'photos',
  routes: photosRoutes,
  jobs: (context) => [photoCleanupJob(context)],
});
