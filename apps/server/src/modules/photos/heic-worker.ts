/**
 * Decodes one HEVC-coded HEIC into RGBA pixels in a worker thread (heic-decoder.ts starts one per
 * photo): libheif in WebAssembly runs synchronously and would hold the event loop for the whole decode.
 */
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';
import type { HeicJob, HeicResult } from './heic-decoder.ts';

const { input, maxPixels } = workerData as HeicJob;
const images = await decodeHeic.all({ buffer: input });
try {
  // heic-decode decodes the first image; its size comes from the header, so it is checked before any pixel is decoded.
  const image = images[0];
  if (!image) throw new Error('no image in the file');
  if (image.width * image.height > maxPixels) {
    parentPort?.postMessage({ tooManyPixels: true } satisfies HeicResult);
  } else {
    const { width, height, data } = await image.decode();
    parentPort?.postMessage({ width, height, data } satisfies HeicResult, [data.buffer]);
  }
} finally {
  images.dispose();
}
