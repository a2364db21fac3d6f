/**
 * "Download my data": an account's data export, made as a job into a ZIP its owner downloads (docs/decisions/0250).
 * The module's door: other modules and the entry points import only this file.
 */
export { exportsRoutes } from './routes.js';
export { deleteAccountExports, EXPORT_STALE_MS, sweepDataExports, type ExportsDeps } from './requests.js';
export { exportWork, exportWorkFromEnv, type ExportWorkDeps } from './job.js';
export { createExportMailer, type ExportMailer } from './mailer.js';
