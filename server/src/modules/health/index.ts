/**
 * The health check.
 * The module's door: other modules and the entry points import only this file.
 */
export { healthRoutes } from './routes.js';
export type { ReadinessProbe } from './checks.js';
