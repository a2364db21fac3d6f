/**
 * Uploads become results: checked, reserved through modules/results, produced by a result job; the
 * image page's routes (upload, lists, download, remove) answer from modules/results.
 * The module's door: other modules and the entry points import only this file.
 */
export { imagesRoutes } from './routes.js';
export { type ImagesDeps, ownerKey, type ProcessSettings, processUpload, reserveAndProduce, type Upload } from './upload.js';
