// Fetching a URL a user names: public addresses only, every redirect re-checked (docs/decisions/0135).
export { fetchSourceImage, parseAllowList, SourceUrlError, type Resolve, type SourceFetchOptions } from './source-url.js';
export { isPublicAddress } from './public-address.js';
