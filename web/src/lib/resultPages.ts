import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { resultsPageSearch, type HistoryResponse, type ImageRecord } from '@lightpix/shared';
import { apiGet } from './api';
import { historyShape } from './answerShapes';

/** A list read this recently (by the page's first reads) is not asked for again when the page mounts. */
const JUST_READ_MS = 5000;

export type ResultPages = InfiniteData<HistoryResponse, string | null>;

/**
 * Results or history a page of 20 at a time, newest first: "Show more" asks for the next page
 * (docs/decisions/0120-results-paged-by-cursor.md).
 */
export function useResultPages(
  path: string,
  queryKey: QueryKey,
  { kind, enabled = true }: { kind?: 'image' | 'deck'; enabled?: boolean } = {},
) {
  const query = useInfiniteQuery({
    ...resultPagesQuery(path, queryKey, kind),
    enabled,
    // Asked again whenever a page shows the list, unless the page's first reads just brought it (app/firstReads.ts).
    refetchOnMount: (cached) => (Date.now() - cached.state.dataUpdatedAt > JUST_READ_MS ? 'always' : false),
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items };
}

/** The query of a list of results, for the hook above and for the first reads (app/firstReads.ts). */
export function resultPagesQuery(path: string, queryKey: QueryKey, kind?: 'image' | 'deck') {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => apiGet(`${path}${resultsPageSearch({ kind, cursor: pageParam ?? undefined })}`, historyShape),
    initialPageParam: null as string | null,
    getNextPageParam: (page: HistoryResponse) => page.nextCursor,
  });
}

/** A new result at the top of the first page, without asking the server again. */
export function withRecordFirst(data: ResultPages | undefined, record: ImageRecord): ResultPages {
  const pages = data?.pages ?? [{ items: [], nextCursor: null }];
  return {
    pageParams: data?.pageParams ?? [null],
    pages: pages.map((page, index) => ({
      ...page,
      items:
        index === 0 ? [record, ...page.items.filter((item) => item.id !== record.id)] : page.items.filter((item) => item.id !== record.id),
    })),
  };
}

/** The pages without one result (removed by its owner). */
export function withoutRecord(data: ResultPages | undefined, id: string): ResultPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })) };
}
