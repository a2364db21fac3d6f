/**
 * Uploads become results: checked, reserved through modules/results, produced by a result job; the
 * image page's routes (upload, lists, download, remove) answer from modules/results.
 * The module's door: other modules and the entry points import only this file.
 */
export { type ImagesDeps, ownerKey, reserveAndProduce } from './produce.js';
export { imagesRoutes } from './routes.js';
export { type ProcessSettings, processUpload, type Upload } from './upload.js';
