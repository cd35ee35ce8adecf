import type { InventoryImport } from '@redline/shared';

/** An import's status as the dealer reads it. */
export const STATUS_WORDS: Record<InventoryImport['status'], string> = {
  previewed: 'Not committed',
  queued: 'Waiting',
  running: 'Applying',
  done: 'Done',
  failed: 'Stopped',
};

export const STATUS_BADGES: Record<InventoryImport['status'], string> = {
  previewed: 'badge-ghost',
  queued: 'badge-info',
  running: 'badge-info',
  done: 'badge-success',
  failed: 'badge-error',
};

export const MODE_WORDS: Record<InventoryImport['mode'], string> = {
  partial: 'Partial',
  full: 'Full stock',
};

/** A count with its noun, "1 car", "3 cars". */
export const countOf = (count: number, [one, many]: readonly [string, string]) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
