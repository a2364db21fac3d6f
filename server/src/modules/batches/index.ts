/**
 * A selection's results as one streamed ZIP (docs/decisions/0045).
 * The module's door: other modules and the entry points import only this file.
 */
export { batchesRoutes } from './routes.js';
export { COMPRESSED_FORMATS, uniqueNamer } from './zip-plan.js';
