/**
 * Uploads become results: checked, reserved through modules/quota, produced by a result job, listed and downloaded.
 * The module's door: other modules and the entry points import only this file.
 */
export { type ImagesDeps, ownerKey, reserveAndProduce } from './produce.js';
export { imagesRoutes } from './routes.js';
export { downloadName, findOwnedResult, ownedBy, type ProcessSettings, processUpload, toRecord, type Upload } from './service.js';
export { sweepExpired } from './sweeper.js';
