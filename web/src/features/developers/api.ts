import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, apiPaths, resultsPageSearch } from '@lightpix/shared';
import { apiGet, apiSend } from '#lib/api';
import { apiKeysShape, apiServersShape, createdApiKeyShape, historyShape, noContentShape } from '#lib/answerShapes';
import { queryKeys } from '#lib/queryKeys';

const keysKey = ['api-keys'] as const;

/** The site's public origin as the server names it (PUBLIC_URL, or the forwarded origin behind a proxy). */
export function useApiOrigin() {
  return useQuery({
    queryKey: ['api-origin'],
    queryFn: async () => new URL((await apiGet(apiPaths.developerOpenApi, apiServersShape)).servers[0]!.url).origin,
    staleTime: Infinity,
  });
}

/** The signed-in user's API keys with their use this month; asked only when signed in. */
export function useApiKeys(enabled: boolean) {
  return useQuery({ queryKey: keysKey, queryFn: () => apiGet(apiPaths.keys, apiKeysShape), enabled });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiSend('POST', apiPaths.keys, { name }, createdApiKeyShape),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiSend('DELETE', apiPath(apiPaths.key, { id }), {}, noContentShape),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey }),
  });
}

/** How often /developers looks for a first result while it is open, so the examples show a real id soon after a first call. */
const LATEST_RESULT_POLL_MS = 10_000;

/**
 * The signed-in user's newest image still downloadable (from the web or the API), for the examples'
 * RESULT_ID: `/output/{id}` reads any of the account's results (decision 0262). Asked again when the
 * page comes back into view and every 10 s while it is shown.
 */
export function useLatestResult(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.history, 'latest-for-examples'],
    queryFn: async () => {
      const page = await apiGet(`${apiPaths.history}${resultsPageSearch({ kind: 'image' })}`, historyShape);
      return page.items.find((item) => item.status === 'completed' && item.objectPath !== null) ?? null;
    },
    enabled,
    refetchInterval: LATEST_RESULT_POLL_MS,
    refetchOnWindowFocus: 'always',
  });
}
