import { buildUrl } from '../../../lib/api-client.ts';

/** Where the import file's template downloads from: a link's address, not a call (the browser saves it). */
export const importTemplateUrl = buildUrl('/dealer/imports/template');
