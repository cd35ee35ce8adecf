import type { AppContext } from '../../context.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { today } from './listing-activity.ts';
import { dropViewersBefore } from './listing-stats.repository.ts';

/**
 * Each night, who viewed which car before yesterday goes: a view counts once per visitor and day,
 * and yesterday's stay for the batches still written late.
 */
export function pruneViewersJob(context: AppContext): JobDefinition<'listing-stats.prune'> {
  return {
    name: 'listing-stats.prune',
    cron: '20 0 * * *',
    async run() {
      const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await dropViewersBefore(context.database.db, yesterday);
      return undefined;
    },
  };
}
