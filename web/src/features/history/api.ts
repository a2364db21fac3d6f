import { apiPaths } from '@lightpix/shared';
import { queryKeys } from '#lib/queryKeys';
import { useResultPages } from '#lib/resultPages';

/** GET /api/images/history a page at a time, only when signed in; `kind` narrows it to images or decks. */
export function useHistory(enabled: boolean, kind?: 'image' | 'deck') {
  return useResultPages(apiPaths.history, kind ? [...queryKeys.history, kind] : queryKeys.history, { kind, enabled });
}
