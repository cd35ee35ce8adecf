/**
 * `work` for each of `items`, at most `concurrency` at a time (each worker takes the next item when
 * its last one is done); `worker` is the index of the worker, for what each holds of its own.
 */
export async function eachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, worker: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < items.length) await work(items[next++]!, worker);
    }),
  );
}
