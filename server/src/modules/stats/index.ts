/**
 * The landing page's measured figures and the uptime sample.
 * The module's door: other modules and the entry points import only this file.
 */
export { statsRoutes } from './routes.js';
export { recordUptimeMinute } from './figures.js';
