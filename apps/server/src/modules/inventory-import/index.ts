/** The inventory import module's public surface: other code imports this file only. */
import { defineModule } from '../../server-module.ts';

export { dealerByKey } from './api-keys.ts';

import { importJob } from './inventory-import.job.ts';
import { inventoryImportRoutes } from './inventory-import.routes.ts';

/** Inventory import (ADR 66): a dealer's cars in bulk from a file, previewed, then committed by a job. */
export const inventoryImportModule = defineModule({
  name: 'inventory-import',
  routes: inventoryImportRoutes,
  jobs: (context) => [importJob(context)],
});
