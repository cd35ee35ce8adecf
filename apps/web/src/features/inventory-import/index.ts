/** The inventory import feature's public surface: code outside features/inventory-import imports only this file. */

export { apiKeyQueryOptions } from './api/api-key.ts';
export { importQueryOptions } from './api/get-import.ts';
export { importRowsQueryOptions } from './api/list-import-rows.ts';
export { importsQueryOptions } from './api/list-imports.ts';
export { ApiKeyPanel } from './components/api-key-panel.tsx';
export { ImportList } from './components/import-list.tsx';
export { ImportUploadForm } from './components/import-upload-form.tsx';
export { ImportView } from './components/import-view.tsx';
