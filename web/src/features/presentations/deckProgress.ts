import { useQueries, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiPaths, type ImageRecord } from '@lightpix/shared';
import { imageRecordShape } from '#lib/answerShapes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '#lib/api';
import { errorMessage } from '#lib/errorMessage';
import { queryKeys } from '#lib/queryKeys';
import type { ResultPages } from '#lib/resultPages';

/** How often a deck being optimised is asked about. */
export const DECK_POLL_MS = 1500;

/** A deck whose optimisation failed after it was listed: its name and why, in the page's language. */
export interface FailedDeck {
  id: string;
  name: string;
  error: string;
}

/** The list's pages with one record put in place of the one with its id. */
function withRecordReplaced(data: ResultPages | undefined, record: ImageRecord): ResultPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === record.id ? record : item)) })),
  };
}

function withoutId(data: ResultPages | undefined, id: string): ResultPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) };
}

/**
 * Polls every listed deck still 'processing' (GET /api/presentations/:id) until it is done, then puts the
 * finished record in the list; a deck whose job failed leaves the list and is returned as failed, with the
 * server's reason. Works the same for a deck sent from this page and one found in the list after a reload
 * (decision 0261).
 */
export function useDeckProgress(decks: readonly ImageRecord[]): FailedDeck[] {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState<FailedDeck[]>([]);
  const working = decks.filter((deck) => deck.status === 'processing');
  const polls = useQueries({
    queries: working.map((deck) => ({
      queryKey: ['deck', deck.id],
      queryFn: () => apiGet(apiPath(apiPaths.deck, { id: deck.id }), imageRecordShape),
      refetchInterval: DECK_POLL_MS,
      retry: false,
      gcTime: 0,
    })),
  });
  // One string that changes when a poll's answer does, so the effect below runs only then.
  const answers = polls.map((poll, index) => `${working[index]?.id}:${poll.data?.status ?? (poll.isError ? 'error' : 'wait')}`).join(',');
  useEffect(() => {
    polls.forEach((poll, index) => {
      const deck = working[index];
      if (!deck) return;
      if (poll.data && poll.data.status !== 'processing') {
        queryClient.setQueryData<ResultPages>(queryKeys.deckResults, (data) => withRecordReplaced(data, poll.data!));
        void queryClient.invalidateQueries({ queryKey: queryKeys.history });
      } else if (poll.isError) {
        queryClient.setQueryData<ResultPages>(queryKeys.deckResults, (data) => withoutId(data, deck.id));
        setFailed((all) => [
          ...all.filter((item) => item.id !== deck.id),
          { id: deck.id, name: deck.originalName, error: errorMessage(poll.error, t, i18n.exists) },
        ]);
        // The failed job gave its unit back (docs/decisions/0173): the allowance line shows it.
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `answers` sums up `polls` and `working`
  }, [answers]);
  return failed;
}
