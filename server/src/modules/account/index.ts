/**
 * The signed-in person's own account: profile, password, deletion.
 * The module's door: other modules and the entry points import only this file.
 */
export { accountRoutes } from './routes.js';
export { removeAccount } from './password-and-deletion.js';
