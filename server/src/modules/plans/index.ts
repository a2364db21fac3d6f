/**
 * The plan table (allowances, formats, prices) built from the settings.
 * The module's door: other modules and the entry points import only this file.
 */
export { plansRoutes } from './routes.js';
export { buildPlanTable, type PlanTable } from './plan-table.js';
