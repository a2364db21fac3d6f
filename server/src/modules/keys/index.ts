/**
 * Developer API keys: issued, listed, revoked, looked up.
 * The module's door: other modules and the entry points import only this file.
 */
export { keysRoutes } from './routes.js';
export { findLiveKey, hashKey, markKeyUsed, useLiveKey } from './api-keys.js';
