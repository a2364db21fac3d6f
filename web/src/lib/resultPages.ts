import { useInfiniteQuery, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { historyResponseSchema, resultsPageSearch, type HistoryResponse, type ImageRecord } from '@lightpix/shared';
import { apiGet } from './api';

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
    queryKey,
    queryFn: ({ pageParam }) => apiGet(`${path}${resultsPageSearch({ kind, cursor: pageParam ?? undefined })}`, historyResponseSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
    refetchOnMount: 'always',
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...query, items };
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
