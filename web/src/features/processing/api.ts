import { useQueryClient } from '@tanstack/react-query';
import { apiPath, apiPaths, type ImageRecord } from '@lightpix/shared';
import { noContentShape } from '#lib/answerShapes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '#components/ui/Toast';
import { apiSend } from '#lib/api';
import { forgetOriginal } from '#lib/keptOriginals';
import { queryKeys } from '#lib/queryKeys';
import { resultPagesQuery, useResultPages, withoutRecord, withRecordFirst, type ResultPages } from '#lib/resultPages';

/** How long "Remove" can be undone before the result is deleted on the server. */
export const UNDO_MS = 5000;

/** Which list the workspace shows: a signed-in user's every result (decks too), expired ones marked; a guest's still downloadable images. */
const listKey = (signedIn: boolean) => (signedIn ? queryKeys.history : queryKeys.results);

/**
 * The workspace's one list, a page at a time, newest first, so a reload shows it again: for a guest
 * GET /api/images/results (what is still downloadable), for a signed-in user GET /api/images/history,
 * so results and history are one list with one "Show more" (decision 0226).
 */
export function useCurrentResults(signedIn: boolean) {
  return useResultPages(signedIn ? apiPaths.history : apiPaths.results, listKey(signedIn), { kind: signedIn ? undefined : 'image' });
}

/** The same list's first page as a query, for the first reads of a page that shows it (app/firstReads.ts). */
export function currentResultsQuery(signedIn: boolean) {
  return resultPagesQuery(signedIn ? apiPaths.history : apiPaths.results, listKey(signedIn), signedIn ? undefined : 'image');
}

/** Puts a new result at the top of the list without asking the server again. */
export function useAddResult(signedIn: boolean) {
  const queryClient = useQueryClient();
  return useCallback(
    (record: ImageRecord) => queryClient.setQueryData<ResultPages>(listKey(signedIn), (data) => withRecordFirst(data, record)),
    [queryClient, signedIn],
  );
}

/**
 * "Remove" with a few seconds to undo: the row disappears at once, and the result is deleted on the
 * server when the undo time is over, or at once when the page is left (docs/decisions/0046).
 */
export function useRemoveResult(signedIn: boolean) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const pending = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const setHiddenId = useCallback((id: string, hide: boolean) => {
    setHidden((current) => {
      const next = new Set(current);
      if (hide) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const commit = useCallback(
    async (id: string, keepalive = false) => {
      pending.current.delete(id);
      try {
        if (keepalive) {
          // The page is going away: a keepalive request outlives it.
          void forgetOriginal(id);
          await fetch(apiPath(apiPaths.result, { id }), {
            method: 'DELETE',
            credentials: 'include',
            keepalive: true,
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          });
          return;
        }
        await apiSend('DELETE', apiPath(apiPaths.result, { id }), {}, noContentShape);
        // The result is gone, so is this browser's copy of its original (docs/decisions/0123).
        void forgetOriginal(id);
        queryClient.setQueryData<ResultPages>(listKey(signedIn), (data) => withoutRecord(data, id));
        void queryClient.invalidateQueries({ queryKey: queryKeys.history });
      } catch {
        if (keepalive) return;
        setHiddenId(id, false);
        toast({ variant: 'destructive', title: t('results.removeFailed') });
        return;
      }
      setHiddenId(id, false);
    },
    [queryClient, setHiddenId, signedIn, t, toast],
  );

  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  }, [commit]);
  useEffect(() => {
    const timers = pending.current;
    const flush = () => {
      for (const [id, timer] of timers) {
        clearTimeout(timer);
        void commitRef.current(id, true);
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const remove = useCallback(
    (record: ImageRecord) => {
      setHiddenId(record.id, true);
      pending.current.set(
        record.id,
        setTimeout(() => void commitRef.current(record.id), UNDO_MS),
      );
      toast({
        title: t('results.removed', { name: record.originalName }),
        action: {
          label: t('results.undo'),
          altText: t('results.undoAlt'),
          onClick: () => {
            clearTimeout(pending.current.get(record.id));
            pending.current.delete(record.id);
            setHiddenId(record.id, false);
          },
        },
      });
    },
    [setHiddenId, t, toast],
  );

  return { remove, hidden };
}
