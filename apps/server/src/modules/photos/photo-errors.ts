/** How the photo pipeline refuses an image, the same words whichever decoder found the fault. */
import { PHOTO_MAX_PIXELS } from '@redline/shared';
import { badRequest } from '../../errors.ts';

export const tooManyPixels = (maxPixels = PHOTO_MAX_PIXELS) =>
  badRequest(`The image is larger than ${maxPixels / 1_000_000} megapixels.`, {
    file: `Images may be at most ${maxPixels / 1_000_000} megapixels`,
  });

export const unreadableImage = () =>
  badRequest('This image is damaged or incomplete and cannot be read.', {
    file: 'The image could not be read',
  });

export const decodeTookTooLong = (timeoutMs: number) =>
  badRequest(
    `This image could not be decoded in time (the limit is ${timeoutMs / 1000} seconds). Save it as a JPEG and upload that.`,
    { file: 'The image could not be decoded in time' },
  );
