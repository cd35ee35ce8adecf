/**
 * Decodes an HEVC-coded HEIC off the event loop: one worker thread per photo (heic-worker.ts),
 * refused before decoding when its header states more pixels than the budget, and ended when it
 * takes longer than its time.
 */
import { Worker } from 'node:worker_threads';
import { serverProgram } from '../../config/paths.ts';
import { decodeTookTooLong, tooManyPixels, unreadableImage } from './photo-errors.ts';

export interface HeicJob {
  input: Buffer;
  maxPixels: number;
}

/** What the worker answers: the pixels (RGBA), or that the header states too many of them. */
export type HeicResult = { width: number; height: number; data: Uint8ClampedArray } | { tooManyPixels: true };

export interface HeicBudget {
  maxPixels: number;
  timeoutMs: number;
}

const WORKER = serverProgram('modules/photos/heic-worker');

/**
 * Settles when the worker has exited, so that a pipeline slot is not freed while a decode still
 * holds its memory; the outcome is what the worker answered, or why it did not.
 */
export function decodeHeicInWorker(
  input: Buffer,
  budget: HeicBudget,
): Promise<{ width: number; height: number; data: Buffer }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      workerData: { input, maxPixels: budget.maxPixels } satisfies HeicJob,
    });
    // libheif throws in the worker on a file it cannot parse or decode: then it ends without an answer.
    let outcome = () => reject(unreadableImage());
    const timer = setTimeout(() => {
      outcome = () => reject(decodeTookTooLong(budget.timeoutMs));
      void worker.terminate();
    }, budget.timeoutMs);
    worker.once('message', (result: HeicResult) => {
      clearTimeout(timer);
      outcome =
        'tooManyPixels' in result
          ? () => reject(tooManyPixels(budget.maxPixels))
          : () =>
              resolve({
                width: result.width,
                height: result.height,
                data: Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength),
              });
    });
    worker.once('error', () => undefined);
    worker.once('exit', () => {
      clearTimeout(timer);
      outcome();
    });
  });
}
