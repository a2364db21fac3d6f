/**
 * Sign-up, sign-in and sign-out; the Origin check on state-changing requests.
 * The module's door: other modules and the entry points import only this file.
 */
export { registerOriginCheck } from './origin.js';
export { authRoutes } from './routes.js';
export { isAdmin, toCurrentUser } from './credentials.js';
export { signIn } from './sign-in.js';
export { guardPasswordCheck, PASSWORD_LIMITS, type PasswordAttempt } from './password-attempts.js';
