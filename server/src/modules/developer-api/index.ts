/**
 * The Tinify-compatible developer API (docs/decisions/0051).
 * The module's door: other modules and the entry points import only this file.
 */
export { developerApiRoutes } from './routes.js';
