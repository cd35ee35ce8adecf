/**
 * An inventory import's upload limits and fields, apart from the schemas in inventory-import.ts: the
 * import page states the limits, and a module with zod schemas at its top level would bring zod into
 * that page's JavaScript (docs/decisions/0002).
 */
/** The largest import file (a 20,000-row file of full descriptions is about 10 MB). */
export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
/** The most rows one import takes; a dealer with more splits the file. */
export const IMPORT_MAX_ROWS = 25_000;
/** The multipart field an upload reads the file from. */
export const IMPORT_UPLOAD_FIELD = 'file';
/** The multipart field of an upload's optional zip of photos, which the rows' `photos` name by file name. */
export const IMPORT_PHOTOS_FIELD = 'photos';
/** The largest zip of photos: with the file, an upload stays under the proxy's 151 MB a request. */
export const IMPORT_ZIP_MAX_BYTES = 120 * 1024 * 1024;
/**
 * The most photos a zip holds, their most bytes once inflated, and the most pixels of the photos its
 * rows name (the pipeline's time goes with the pixels): what it stores during one preview well within
 * the proxy's 60 s (docs/performance.md, 14): 100 photos of 3 megapixels take 26 s there.
 */
export const IMPORT_ZIP_MAX_PHOTOS = 100;
export const IMPORT_ZIP_MAX_INFLATED_BYTES = 400 * 1024 * 1024;
export const IMPORT_ZIP_MAX_MEGAPIXELS = 300;
